//! Rendering diagnostics: human text (codespan-reporting), JSON and SARIF 2.1.0. This module
//! alone knows those formats; diagnostics themselves are plain data (`diag`).

use crate::diag::{Code, Diagnostic};
use crate::source::{SourceMap, Span};
use crate::spec::rules;
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor};
use serde_json::{json, Value};

/// One checked file: its sources (main file first) and what was found.
pub struct Checked<'a> {
    pub sources: &'a SourceMap,
    pub diags: &'a [Diagnostic],
}

fn cs_files(sources: &SourceMap) -> SimpleFiles<&str, &str> {
    let mut files = SimpleFiles::new();
    for f in sources.files() {
        files.add(f.name.as_str(), f.text.as_str());
    }
    files
}

fn range(span: Span) -> std::ops::Range<usize> {
    span.start as usize..span.end.max(span.start) as usize
}

/// Renders diagnostics as a compiler would print them, with the source line and a caret.
pub fn human(checked: &Checked<'_>, color: bool) -> String {
    // Indexing every file's lines (hundreds of KB of headers) is the cost of rendering; a
    // clean check has nothing to render.
    if checked.diags.is_empty() {
        return String::new();
    }
    let files = cs_files(checked.sources);
    let config = term::Config::default();
    let mut buffer = if color {
        termcolor::Buffer::ansi()
    } else {
        termcolor::Buffer::no_color()
    };
    for d in checked.diags {
        let code = match d.code {
            Code::Rule(id) => id.code().to_string(),
            other => other.to_string(),
        };
        let mut labels = vec![Label::primary(d.span.file.0 as usize, range(d.span))];
        for (span, text) in &d.labels {
            labels.push(Label::secondary(span.file.0 as usize, range(*span)).with_message(text));
        }
        let mut notes = d.notes.clone();
        if let Code::Rule(id) = d.code {
            notes.push(format!("in {}: {}", d.profile, id.rule().summary));
        }
        if !d.code.is_error() {
            notes.push("not judged: the checker does not model this construct, so it neither accepts nor rejects the code here".to_string());
        }
        let cs = if d.code.is_error() {
            CsDiagnostic::error()
        } else {
            CsDiagnostic::note()
        };
        let cs = cs
            .with_code(code)
            .with_message(&d.message)
            .with_labels(labels)
            .with_notes(notes);
        // A span outside its file (impossible unless a source changed) renders as its message.
        if term::emit(&mut buffer, &config, &files, &cs).is_err() {
            let _ = std::io::Write::write_all(
                &mut buffer,
                format!("{}[{}]: {}\n", d.code.severity(), d.code, d.message).as_bytes(),
            );
        }
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

fn location(sources: &SourceMap, span: Span) -> (String, u32, u32, u32, u32) {
    let file = sources.file(span.file);
    let (line, col) = file.line_col(span.start);
    let (end_line, end_col) = file.line_col(span.end.max(span.start));
    (file.name.clone(), line, col, end_line, end_col)
}

/// One JSON object per diagnostic.
pub fn json(checked: &Checked<'_>) -> Vec<Value> {
    checked
        .diags
        .iter()
        .map(|d| {
            let (file, line, column, end_line, end_column) = location(checked.sources, d.span);
            json!({
                "file": file, "line": line, "column": column, "end_line": end_line, "end_column": end_column,
                "code": d.code.to_string(), "severity": d.code.severity(), "rule": d.rule().map(|r| r.code()), "profile": d.profile,
                "message": d.message, "notes": d.notes,
            })
        })
        .collect()
}

/// A SARIF 2.1.0 log for code-scanning tools: the catalogue as the tool's rules, each
/// diagnostic as a result with its location.
pub fn sarif(checked: &[Checked<'_>]) -> Value {
    let rule_list: Vec<Value> = rules()
        .iter()
        .map(|r| {
            json!({
                "id": r.id.code(),
                "shortDescription": {"text": r.summary},
                "fullDescription": {"text": format!("{} Spec: \"{}\" ({}, {})", r.summary, r.cite.quote, r.cite.source, r.cite.section)},
                "properties": {"check": r.check.name(), "family": r.family},
            })
        })
        .collect();
    let mut results = Vec::new();
    for c in checked {
        for d in c.diags {
            let (file, line, column, end_line, end_column) = location(c.sources, d.span);
            let mut result = json!({
                "ruleId": d.code.to_string(),
                "level": if d.code.is_error() { "error" } else { "note" },
                "message": {"text": format!("{} [{}]", d.message, d.profile)},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": file},
                    "region": {"startLine": line, "startColumn": column, "endLine": end_line, "endColumn": end_column},
                }}],
            });
            if let Some(id) = d.rule() {
                result["ruleIndex"] = json!(id as usize);
            }
            results.push(result);
        }
    }
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "clasp", "informationUri": "https://example.invalid/clasp", "version": env!("CARGO_PKG_VERSION"), "rules": rule_list}},
            "results": results,
        }],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Profile;

    #[test]
    fn renders_a_rule_with_its_source_line() {
        let (sources, diags) = crate::check_source(
            "k.cl",
            "kernel void k() {\n    local int x = 1;\n}\n",
            Profile::CL2_0,
            &Default::default(),
        );
        let checked = Checked {
            sources: &sources,
            diags: &diags,
        };
        let text = human(&checked, false);
        assert!(text.contains("error[AS-LOCAL-INIT]"), "{text}");
        assert!(text.contains("k.cl:2:"), "{text}");
        assert!(text.contains("local int x = 1;"), "{text}");
        let j = json(&checked);
        assert_eq!(j[0]["rule"], "AS-LOCAL-INIT");
        assert_eq!(j[0]["line"], 2);
        let s = sarif(&[checked]);
        assert_eq!(s["runs"][0]["results"][0]["ruleId"], "AS-LOCAL-INIT");
        assert_eq!(
            s["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"],
            2
        );
    }

    #[test]
    fn code_not_judged_is_shown_as_unsupported_not_as_an_error() {
        let (sources, diags) = crate::check_source(
            "k.cl",
            "struct B { virtual int f(); };\nkernel void k(global int *p) { p[0] = 1; }\n",
            Profile::CXX2021,
            &Default::default(),
        );
        assert_eq!(
            diags.iter().map(|d| d.code).collect::<Vec<_>>(),
            [Code::Unsupported]
        );
        let checked = Checked {
            sources: &sources,
            diags: &diags,
        };
        let text = human(&checked, false);
        assert!(text.contains("note[unsupported]"), "{text}");
        assert!(!text.contains("error"), "{text}");
        assert_eq!(json(&checked)[0]["severity"], "unsupported");
        assert_eq!(sarif(&[checked])["runs"][0]["results"][0]["level"], "note");
    }
}
