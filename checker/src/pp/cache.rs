//! Included files' tokens, lexed once per run and shared by its checks (and threads): a
//! directory of kernels that include the same headers lexes each header once. Only the tokens
//! are shared; each check still runs the header's directives and expands its macros under its
//! own macro table, so what a header means still depends on who includes it.

use crate::lex::lex;
use crate::source::FileId;
use crate::symbol::{predefined_count, Interner, Symbol};
use crate::token::{FxHashMap, Token};
use std::sync::{Arc, Mutex, OnceLock};

/// The run's lexed files, by the name the preprocessor gave them (their path).
#[derive(Default)]
pub struct TokenCache {
    files: Mutex<FxHashMap<String, Arc<OnceLock<Lexed>>>>,
}

impl std::fmt::Debug for TokenCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.files.lock().map_or(0, |m| m.len());
        f.debug_struct("TokenCache").field("files", &n).finish()
    }
}

/// One file's text and tokens, in an interner of its own (started from the shared template, so
/// keywords and punctuators already have every check's symbols).
struct Lexed {
    text: String,
    tokens: Vec<Token>,
    symbols: Interner,
}

impl TokenCache {
    pub fn new() -> TokenCache {
        TokenCache::default()
    }

    /// The tokens of `text` (file `name`) as file `id` of a check whose symbols are `symbols`:
    /// lexed on the run's first request, copied with their symbols re-interned afterwards. A
    /// file whose text differs from the cached one (changed on disk mid-run) is lexed anew.
    pub(crate) fn tokens(
        &self,
        name: &str,
        text: &str,
        id: FileId,
        symbols: &mut Interner,
    ) -> Vec<Token> {
        let cell = {
            // A panic elsewhere while the lock was held leaves the map usable.
            let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
            files.entry(name.to_string()).or_default().clone()
        };
        // Outside the lock: other files are lexed meanwhile; a second request for this one
        // waits for the first instead of lexing it again.
        let lexed = cell.get_or_init(|| {
            let mut own = Interner::new();
            let tokens = lex(FileId(0), text, &mut own);
            Lexed {
                text: text.to_string(),
                tokens,
                symbols: own,
            }
        });
        if lexed.text != text {
            return lex(id, text, symbols);
        }
        // The file's own symbols, in the order lexing met them: interning them in that order
        // gives the same symbols a direct lexing of the file would have.
        let shared = predefined_count();
        let map: Vec<Symbol> = (shared..lexed.symbols.len())
            .map(|s| symbols.intern(lexed.symbols.text(Symbol::from_index(s))))
            .collect();
        lexed
            .tokens
            .iter()
            .map(|t| {
                let mut t = *t;
                t.span.file = id;
                if let Some(s) = t.sym.index().checked_sub(shared) {
                    t.sym = map[s];
                }
                t
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pp::{preprocess, MemLoader, Options, Preprocessed};
    use crate::source::SourceMap;
    use crate::spec::Profile;
    use crate::Diagnostic;

    fn run(
        main: &str,
        loader: &MemLoader,
        cache: Option<&Arc<TokenCache>>,
    ) -> (Preprocessed, Vec<Diagnostic>) {
        let mut opts = Options::new(Profile::CL1_2);
        opts.cache = cache.cloned();
        let mut sources = SourceMap::new("k.cl", main);
        let mut diags = Vec::new();
        let out = preprocess(&mut sources, &opts, loader, &mut diags);
        (out, diags)
    }

    /// Tokens as texts, spans and expansions: what the parser would see.
    fn seen(p: &Preprocessed) -> Vec<(String, crate::Span, Option<u32>)> {
        let seen = p.tokens.iter();
        seen.map(|t| (p.symbols.text(t.sym).to_string(), t.span, t.expansion()))
            .collect()
    }

    const HEADER: &str = "#ifndef H\n#define H\n#define SCALE(x) ((x) * K)\n\
        inline float fresh_name(float v) { return SCALE(v) + unseen_elsewhere; }\n\
        #ifdef WIDE\nint wide_only;\n#endif\n#endif\n";

    #[test]
    fn cached_headers_read_as_lexed_ones_under_each_includers_macros() {
        let loader = MemLoader::new().with("h.h", HEADER);
        let mains = [
            "#define K 2\n#include \"h.h\"\nkernel void a(global float *p) { p[0] = SCALE(1.0f); }\n",
            "#define WIDE\n#define K 3.5f\nint before_header;\n#include \"h.h\"\n#include \"h.h\"\n",
            "#include \"missing.h\"\n#include \"h.h\"\n",
        ];
        let cache = Arc::new(TokenCache::new());
        for main in mains {
            let (direct, direct_diags) = run(main, &loader, None);
            let (cached, cached_diags) = run(main, &loader, Some(&cache));
            assert_eq!(seen(&direct), seen(&cached), "{main}");
            assert_eq!(direct.tokens, cached.tokens, "same symbols too: {main}");
            assert_eq!(direct_diags, cached_diags, "{main}");
        }
        // One header, lexed for the first check and reused by the others.
        assert_eq!(cache.files.lock().unwrap().len(), 1);
    }

    #[test]
    fn a_header_that_changed_is_lexed_again() {
        let cache = Arc::new(TokenCache::new());
        let main = "#include \"h.h\"\n";
        for text in ["int first_version;\n", "float second_version, other;\n"] {
            let loader = MemLoader::new().with("h.h", text);
            let (direct, _) = run(main, &loader, None);
            let (cached, _) = run(main, &loader, Some(&cache));
            assert_eq!(seen(&direct), seen(&cached));
        }
    }
}
