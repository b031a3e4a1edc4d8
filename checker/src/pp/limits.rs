//! The preprocessor's limits: what one run may read, nest and expand before it stops with a
//! `Code::Limit` diagnostic. The expansion budgets grow with the input, up to fixed ceilings.

/// Nested `#include`s. Deeper nesting (a file including itself without a guard) stops here.
pub const MAX_INCLUDE_DEPTH: usize = 64;
/// `#include` directives followed in one run, so that a file including itself twice cannot
/// make a tree of 2^64 inclusions.
pub const MAX_INCLUDES: u32 = 4096;
/// Tokens read from included files in one run, counting every re-inclusion.
pub const MAX_INCLUDED_TOKENS: u64 = 1 << 22;
/// Nested `#if` groups (over all open files).
pub const MAX_IF_DEPTH: usize = 256;
/// Macro invocations in one run, before the allowance for the input's size
/// ([`EXPANSIONS_PER_INPUT_TOKEN`]).
pub const MAX_EXPANSIONS: u32 = 1 << 18;
/// Tokens produced by macro substitution in one run (bodies, arguments, `#` and `##`
/// results), before the allowance for the input's size. `#define B(x) x x` nested 40 deep
/// stops at the budget instead of making 2^40 tokens.
pub const MAX_EXPANDED_TOKENS: u64 = 1 << 20;
/// The expansion budgets grow with the input: a long kernel written with many macros expands
/// to proportionally more tokens, and a fixed budget rejected valid kernels of a few thousand
/// lines. Each token read (main file and included files) adds this many tokens of expansion...
pub const EXPANDED_TOKENS_PER_INPUT_TOKEN: u64 = 256;
/// ...and this many macro invocations.
pub const EXPANSIONS_PER_INPUT_TOKEN: u32 = 16;
/// Whatever the input, expansion stops at these ceilings, so that time and memory stay bounded:
/// a megabyte of exponential macros reaches the token ceiling and stops after about 1.5 s and
/// 300 MB (8 Mi tokens of 24 bytes, then the parser's pass over them). A 3,500-line kernel
/// with 16-deep nested macros on every line needs about 5.5 Mi (checker/tests/robust.rs).
pub const MAX_EXPANDED_TOKENS_CEILING: u64 = 1 << 23;
pub const MAX_EXPANSIONS_CEILING: u32 = 1 << 22;
/// Macro calls nested in macro arguments (`F(F(F(...)))`): each level pre-expands its argument
/// on the Rust stack, so this bounds the stack.
pub const MAX_ARG_NESTING: u32 = 128;
/// Macro expansions live at once (a chain of macros each ending in the next one's name).
pub const MAX_LIVE_EXPANSIONS: usize = 4096;

/// The limits one run works under; [`Limits::default`] gives the named constants. Tests and
/// fuzz targets may lower them to stay fast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub include_depth: usize,
    pub includes: u32,
    pub included_tokens: u64,
    pub if_depth: usize,
    pub expansions: u32,
    pub expanded_tokens: u64,
    pub expansions_per_input_token: u32,
    pub expanded_tokens_per_input_token: u64,
    pub expansions_ceiling: u32,
    pub expanded_tokens_ceiling: u64,
    pub arg_nesting: u32,
    pub live_expansions: usize,
}

impl Limits {
    /// The macro-expanded tokens allowed for an input of `input_tokens` tokens.
    pub fn expanded_tokens_for(&self, input_tokens: u64) -> u64 {
        let scaled = self
            .expanded_tokens_per_input_token
            .saturating_mul(input_tokens)
            .saturating_add(self.expanded_tokens);
        scaled
            .min(self.expanded_tokens_ceiling)
            .max(self.expanded_tokens)
    }

    /// The macro invocations allowed for an input of `input_tokens` tokens.
    pub fn expansions_for(&self, input_tokens: u64) -> u32 {
        let scaled = u64::from(self.expansions_per_input_token)
            .saturating_mul(input_tokens)
            .saturating_add(u64::from(self.expansions));
        let capped = scaled.min(u64::from(self.expansions_ceiling)) as u32;
        capped.max(self.expansions)
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            include_depth: MAX_INCLUDE_DEPTH,
            includes: MAX_INCLUDES,
            included_tokens: MAX_INCLUDED_TOKENS,
            if_depth: MAX_IF_DEPTH,
            expansions: MAX_EXPANSIONS,
            expanded_tokens: MAX_EXPANDED_TOKENS,
            expansions_per_input_token: EXPANSIONS_PER_INPUT_TOKEN,
            expanded_tokens_per_input_token: EXPANDED_TOKENS_PER_INPUT_TOKEN,
            expansions_ceiling: MAX_EXPANSIONS_CEILING,
            expanded_tokens_ceiling: MAX_EXPANDED_TOKENS_CEILING,
            arg_nesting: MAX_ARG_NESTING,
            live_expansions: MAX_LIVE_EXPANSIONS,
        }
    }
}
