//! Globs over case names, the one matcher `--case`/`--exclude` and known-deviation entries share.
//!
//! A case name is a path-like string (`local/init-reject`) matched whole: `*` matches any text,
//! `/` included (so `*init*` finds a case in any family), `?` one character, and `[abc]`,
//! `{a,b}` and `\*` as `globset` reads them. Matching is case-sensitive, as case names are.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

/// One or more globs; a name matches when any of them does.
#[derive(Debug, Clone)]
pub struct Globs {
    patterns: Vec<String>,
    set: GlobSet,
}

/// A glob that does not parse, with the pattern it came from.
#[derive(Debug, thiserror::Error)]
#[error("bad glob `{pattern}`: {source}")]
pub struct GlobError {
    pub pattern: String,
    source: globset::Error,
}

impl Globs {
    pub fn new<S: AsRef<str>>(patterns: &[S]) -> Result<Globs, GlobError> {
        let mut b = GlobSetBuilder::new();
        for p in patterns {
            let p = p.as_ref();
            let glob = GlobBuilder::new(p)
                // `*` crosses `/`: case families are not directories to the user.
                .literal_separator(false)
                .backslash_escape(true)
                .empty_alternates(true)
                .build()
                .map_err(|source| GlobError {
                    pattern: p.to_string(),
                    source,
                })?;
            b.add(glob);
        }
        let set = b.build().map_err(|source| GlobError {
            pattern: patterns
                .iter()
                .map(|p| p.as_ref())
                .collect::<Vec<_>>()
                .join(", "),
            source,
        })?;
        Ok(Globs {
            patterns: patterns.iter().map(|p| p.as_ref().to_string()).collect(),
            set,
        })
    }

    /// No pattern at all (a filter that is not given).
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    pub fn matches(&self, name: &str) -> bool {
        self.set.is_match(name)
    }
}

impl PartialEq for Globs {
    fn eq(&self, other: &Globs) -> bool {
        self.patterns == other.patterns
    }
}

/// `--case` and `--exclude` together: a case runs when it matches an included glob (or none is
/// given) and no excluded one.
#[derive(Debug, Clone)]
pub struct CaseFilter {
    include: Globs,
    exclude: Globs,
}

impl CaseFilter {
    pub fn new<S: AsRef<str>>(include: &[S], exclude: &[S]) -> Result<CaseFilter, GlobError> {
        Ok(CaseFilter {
            include: Globs::new(include)?,
            exclude: Globs::new(exclude)?,
        })
    }

    pub fn keeps(&self, name: &str) -> bool {
        (self.include.is_empty() || self.include.matches(name)) && !self.exclude.matches(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(p: &str, name: &str) -> bool {
        Globs::new(&[p]).unwrap().matches(name)
    }

    #[test]
    fn star_crosses_slashes_and_question_is_one_character() {
        assert!(one("local/*", "local/init-reject"));
        assert!(one("*init*", "local/init-reject"));
        assert!(one("*", "local/init-reject"));
        assert!(one("local/init-rejec?", "local/init-reject"));
        assert!(!one("local/init-rejec?", "local/init-rejec"));
        assert!(!one("local/*", "global/x"));
        assert!(one("*", ""));
        // Anchored at both ends, case-sensitive.
        assert!(!one("a", "ab"));
        assert!(!one("b", "ab"));
        assert!(!one("Local/*", "local/x"));
        // The patterns reports/known/ uses: families, prefixes, infixes.
        assert!(one(
            "conversions/*unqualified*",
            "conversions/assign-unqualified-x"
        ));
        assert!(one(
            "kernel-arguments/kernel-arg-ptr-to-ptr-*",
            "kernel-arguments/kernel-arg-ptr-to-ptr-global"
        ));
        assert!(!one(
            "spelling/reserved-generic-*",
            "spelling/reserved-generic"
        ));
    }

    #[test]
    fn classes_alternatives_and_escapes() {
        assert!(one("local/{init,size}-*", "local/size-x"));
        assert!(!one("local/{init,size}-*", "local/other-x"));
        assert!(one("a[0-9]", "a7"));
        assert!(one(r"a\*", "a*"));
        assert!(!one(r"a\*", "ab"));
    }

    #[test]
    fn a_bad_glob_is_an_error_naming_it() {
        let e = Globs::new(&["local/[x"]).unwrap_err();
        assert!(e.to_string().contains("local/[x"), "{e}");
    }

    #[test]
    fn case_filter_includes_then_excludes() {
        let f = CaseFilter::new(&["runtime/*", "cxx/*"], &["*64m*"]).unwrap();
        assert!(f.keeps("runtime/local-size"));
        assert!(f.keeps("cxx/x"));
        assert!(!f.keeps("runtime/local-64m-per-group"));
        assert!(!f.keeps("local/init"));
        let all = CaseFilter::new::<&str>(&[], &[]).unwrap();
        assert!(all.keeps("anything/at-all"));
    }
}
