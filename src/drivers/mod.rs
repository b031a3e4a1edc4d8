//! OpenCL drivers: discovery, the worker process that calls them, the pool that isolates them,
//! and the result cache.
//!
//! Architecture invariant: the `clasp` parent process never calls OpenCL. Discovery and every
//! build run in child processes (`clasp worker ...`, see [`worker`]), so a driver that crashes or
//! hangs costs one result, never the run. `libOpenCL.so.1` is loaded at run time (`opencl3`'s
//! `dynamic` feature): clasp builds and runs on a machine with no OpenCL at all.

pub mod cache;
pub mod clspv;
pub mod discover;
pub mod execute;
pub mod libclang;
pub mod packing;
pub mod pool;
pub mod program;
pub mod protocol;
pub mod spirv;
pub mod spirv_tools;
pub mod worker;

pub use discover::{DeviceInfo, Discovery};
