//! The suite corpus.
