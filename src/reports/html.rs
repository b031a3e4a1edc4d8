//! `index.html`: the summary, browsable. One self-contained file (inline CSS and script, no
//! external asset), every kernel, log and name HTML-escaped. Filters by subject, rule, profile
//! and verdict live in the URL hash (`#subject=...&rule=...&profile=...&verdict=deviation`), so
//! a filtered view is a link, and a headless browser can load one.

use super::markdown::group_title;
use super::{
    atomic, describe_actual, describe_expected, diff, log_excerpt, readings, spec_sentence, Counts,
    Event, Group, Outcome, Sink, Summary,
};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

pub const FILE: &str = "index.html";

/// Escapes text for HTML element content and quoted attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

pub struct HtmlSink {
    path: PathBuf,
    text: String,
}

impl HtmlSink {
    pub fn new(out: &Path) -> HtmlSink {
        HtmlSink {
            path: out.join(FILE),
            text: String::new(),
        }
    }
}

const STYLE: &str = r#"
body{font:14px/1.45 system-ui,sans-serif;margin:1.5em;color:#1b1b1b;background:#fff}
h1{font-size:1.4em}h2{font-size:1.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
th{background:#f2f2f2}td.n{text-align:right}
code,pre{font-family:ui-monospace,monospace;font-size:12.5px}
pre{background:#f6f8fa;padding:.6em;overflow:auto;max-height:30em;border:1px solid #e1e4e8}
.pass{color:#17692f}.deviation,.crash,.timeout,.known-but-passed{color:#b00020;font-weight:600}
.known{color:#8a5a00}.interpretation{color:#5a3a8a}.skipped{color:#666}
#filters{position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:1px solid #ddd}
#filters label{margin-right:1em}
details{border:1px solid #ddd;margin:.5em 0;padding:.3em .6em}summary{cursor:pointer;font-weight:600}
[hidden]{display:none!important}
"#;

const SCRIPT: &str = r#"
(function(){
var F=['subject','rule','profile','verdict'];
function state(){var q={},h=location.hash.replace(/^#/,'');
 h.split('&').forEach(function(p){if(!p)return;var i=p.indexOf('=');if(i<0)return;
  try{q[decodeURIComponent(p.slice(0,i))]=decodeURIComponent(p.slice(i+1));}catch(e){}});return q;}
function ok(el,q){return F.every(function(f){var v=q[f];if(!v)return true;
 var d=el.getAttribute('data-'+f)||'';return f==='rule'?(' '+d+' ').indexOf(' '+v+' ')>=0:d===v;});}
function apply(){var q=state();F.forEach(function(f){var s=document.getElementById('f-'+f);
 s.value=q[f]||'';if(s.value!==(q[f]||''))s.value='';});
 var n=0,g=0;document.querySelectorAll('[data-row]').forEach(function(r){var y=ok(r,q);r.hidden=!y;if(y)n++;});
 document.querySelectorAll('[data-group]').forEach(function(r){var y=ok(r,q);r.hidden=!y;if(y)g++;});
 document.getElementById('shown').textContent=String(n);document.getElementById('shown-groups').textContent=String(g);}
function set(){var p=[];F.forEach(function(f){var v=document.getElementById('f-'+f).value;
 if(v)p.push(f+'='+encodeURIComponent(v));});location.hash=p.join('&');}
F.forEach(function(f){document.getElementById('f-'+f).addEventListener('change',set);});
window.addEventListener('hashchange',apply);apply();
})();
"#;

fn counts_cells(out: &mut String, c: &Counts) {
    for o in Outcome::ALL {
        let n = c.get(o);
        if n > 0 {
            let _ = write!(out, "<td class=\"n {}\">{n}</td>", o.name());
        } else {
            out.push_str("<td class=\"n\">0</td>");
        }
    }
}

fn select(out: &mut String, id: &str, label: &str, values: &BTreeSet<String>) {
    let _ = write!(
        out,
        "<label>{label} <select id=\"f-{id}\"><option value=\"\">all</option>"
    );
    for v in values {
        let _ = write!(out, "<option value=\"{0}\">{0}</option>", esc(v));
    }
    out.push_str("</select></label>");
}

fn group(out: &mut String, s: &Summary<'_>, n: usize, g: &Group) {
    let rep = &s.reported[g.reproducer];
    let r = rep.result;
    let _ = write!(
        out,
        "<details data-group data-subject=\"{}\" data-rule=\"{}\" data-profile=\"{}\" data-verdict=\"{}\"><summary>{n}. {} <span class=\"{}\">({} result(s))</span></summary>",
        esc(&g.subject),
        esc(&g.rules.join(" ")),
        esc(&g.profile.to_string()),
        esc(rep.outcome.name()),
        esc(&group_title(g)),
        esc(rep.outcome.name()),
        g.members.len()
    );
    out.push_str("<ul>");
    let names: Vec<String> = g
        .members
        .iter()
        .map(|&i| format!("<code>{}</code>", esc(&s.reported[i].result.case)))
        .collect();
    let _ = write!(out, "<li>Cases: {}</li>", names.join(", "));
    let _ = write!(
        out,
        "<li>Profile <code>{}</code>, build options <code>{}</code></li><li>Subject <code>{}</code>: {}</li>",
        esc(&r.profile.to_string()),
        esc(&r.options.join(" ")),
        esc(&r.subject),
        esc(&r.identity)
    );
    if let Some(why) = &g.known_why {
        let _ = write!(out, "<li>Known: {}</li>", esc(why));
    }
    let _ = write!(
        out,
        "<li>Reproducer: <a href=\"{0}.cl\">{0}.cl</a> with <a href=\"{0}.options\">{0}.options</a> (<code>{1}</code>, the smallest)</li>",
        esc(&g.repro_path),
        esc(&r.case)
    );
    for rule in &g.rules {
        let _ = write!(
            out,
            "<li><code>{}</code>: {}</li>",
            esc(rule),
            esc(&spec_sentence(rule))
        );
        if g.another_reading {
            let _ = write!(out, "<li>Readings of <code>{}</code>:<ul>", esc(rule));
            for line in readings(rule) {
                let _ = write!(out, "<li>{}</li>", esc(&line));
            }
            out.push_str("</ul></li>");
        }
    }
    out.push_str("</ul>");
    let _ = write!(out, "<pre class=\"diff\">{}</pre>", esc(&diff::of(r)));
    if let Some(log) = log_excerpt(&r.actual, 40) {
        let _ = write!(
            out,
            "<p>Build log ({}):</p><pre class=\"log\">{}</pre>",
            esc(&describe_actual(&r.actual)),
            esc(&log)
        );
    }
    if let Some(case) = s.cases.get(r.case.as_str()) {
        let _ = write!(
            out,
            "<p>Kernel <code>{}</code>:</p><pre class=\"kernel\">{}</pre>",
            esc(&r.case),
            esc(&case.source)
        );
    }
    out.push_str("</details>\n");
}

pub fn render(s: &Summary<'_>) -> String {
    let info = &s.run.run;
    let title = format!(
        "clasp run {}",
        info.run_id.as_deref().unwrap_or("(unnamed)")
    );
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>{}</title><style>{STYLE}</style></head><body>\n<h1>{}</h1>\n",
        esc(&title),
        esc(&title)
    );
    let _ = writeln!(
        out,
        "<p>Command: <code>{}</code><br>Date: {} · clasp {}<br>Total: <span id=\"totals\">{}</span></p>",
        esc(&info.command()),
        esc(&info.date()),
        esc(&info.clasp_version),
        esc(&s.totals_line())
    );
    for note in &info.notes {
        let _ = writeln!(out, "<p>Note: {}</p>", esc(note));
    }
    out.push_str("<h2>Subjects</h2><table><tr><th>subject</th><th>identity</th>");
    for o in Outcome::ALL {
        let _ = write!(out, "<th>{}</th>", o.name());
    }
    out.push_str("</tr>\n");
    for (id, c) in &s.per_subject {
        let _ = write!(
            out,
            "<tr><td><code>{}</code></td><td>{}</td>",
            esc(id),
            esc(s.identities.get(id).map(String::as_str).unwrap_or(""))
        );
        counts_cells(&mut out, c);
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n<h2>Rules × subjects</h2><p>passed/results, then what did not pass.</p><table><tr><th>rule</th>");
    let subjects: Vec<&String> = s.per_subject.keys().collect();
    for id in &subjects {
        let _ = write!(out, "<th><code>{}</code></th>", esc(id));
    }
    out.push_str("</tr>\n");
    for (rule, per) in &s.per_rule {
        let _ = write!(out, "<tr><td><code>{}</code></td>", esc(rule));
        for id in &subjects {
            match per.get(*id) {
                None => out.push_str("<td>–</td>"),
                Some(c) => {
                    let _ = write!(out, "<td>{}/{}", c.get(Outcome::Pass), c.total());
                    for o in Outcome::ALL.into_iter().skip(1) {
                        if c.get(o) > 0 {
                            let _ = write!(
                                out,
                                " <span class=\"{0}\">{1} {0}</span>",
                                o.name(),
                                c.get(o)
                            );
                        }
                    }
                    out.push_str("</td>");
                }
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");

    // Filters.
    let mut rules = BTreeSet::new();
    let mut profiles = BTreeSet::new();
    let mut verdicts = BTreeSet::new();
    for r in &s.reported {
        rules.extend(r.rules.iter().cloned());
        profiles.insert(r.result.profile.to_string());
        verdicts.insert(r.outcome.name().to_string());
    }
    let subjects_set: BTreeSet<String> = s.per_subject.keys().cloned().collect();
    out.push_str("<div id=\"filters\">");
    select(&mut out, "subject", "Subject", &subjects_set);
    select(&mut out, "rule", "Rule", &rules);
    select(&mut out, "profile", "Profile", &profiles);
    select(&mut out, "verdict", "Verdict", &verdicts);
    out.push_str(
        "<span><span id=\"shown\">0</span> result(s), <span id=\"shown-groups\">0</span> deviation group(s) shown</span></div>\n",
    );

    let _ = writeln!(
        out,
        "<h2>Deviations</h2><p>{} group(s); each shows its smallest kernel.</p>",
        s.groups.len()
    );
    for (i, g) in s.groups.iter().enumerate() {
        group(&mut out, s, i + 1, g);
    }
    if !s.interpretation_groups.is_empty() {
        let _ = writeln!(
            out,
            "<h2>Interpretations</h2><p>{} group(s): the subject took another reading of the spec than clasp's; each lists the readings. Not findings.</p>",
            s.interpretation_groups.len()
        );
        for (i, g) in s.interpretation_groups.iter().enumerate() {
            group(&mut out, s, i + 1, g);
        }
    }
    if !s.known_groups.is_empty() {
        let _ = writeln!(
            out,
            "<h2>Known deviations</h2><p>{} group(s), named in <code>reports/known/</code>.</p>",
            s.known_groups.len()
        );
        for (i, g) in s.known_groups.iter().enumerate() {
            group(&mut out, s, i + 1, g);
        }
    }

    out.push_str("<h2>Results</h2><table id=\"results\"><thead><tr><th>case</th><th>profile</th><th>subject</th><th>rules</th><th>expected</th><th>actual</th><th>verdict</th><th>ms</th></tr></thead><tbody>\n");
    for rep in &s.reported {
        let r = rep.result;
        let mut actual = describe_actual(&r.actual);
        if let Some(k) = rep.known {
            actual.push_str(&format!(" — known: {}", k.why));
        }
        let _ = writeln!(
            out,
            "<tr data-row data-subject=\"{}\" data-rule=\"{}\" data-profile=\"{}\" data-verdict=\"{}\"><td><code>{}</code></td><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td><td class=\"n\">{:.1}</td></tr>",
            esc(&r.subject),
            esc(&rep.rules.join(" ")),
            esc(&r.profile.to_string()),
            rep.outcome.name(),
            esc(&r.case),
            esc(&r.profile.to_string()),
            esc(&r.subject),
            esc(&rep.rules.join(" ")),
            esc(&describe_expected(&r.expected)),
            esc(&actual),
            rep.outcome.name(),
            rep.outcome.name(),
            r.duration_ms
        );
    }
    out.push_str("</tbody></table>\n");
    let _ = write!(out, "<script>{SCRIPT}</script>\n</body></html>\n");
    out
}

impl Sink for HtmlSink {
    fn on(&mut self, event: &Event<'_, '_>) -> io::Result<()> {
        if let Event::Finished(s) = event {
            self.text = render(s);
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> io::Result<Vec<PathBuf>> {
        atomic::write(&self.path, self.text.as_bytes())?;
        Ok(vec![self.path])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_everything_that_could_close_or_open_markup() {
        assert_eq!(
            esc("</script><b a=\"x\" c='y'>&"),
            "&lt;/script&gt;&lt;b a=&quot;x&quot; c=&#39;y&#39;&gt;&amp;"
        );
    }
}
