//! Kernel synthesis per rule, with expected diagnostics decided by construction.
