//! The observer hook and the one dispatch, in one test binary: each module is a former `tests/<name>.rs`.
//! `cargo test -p solver --test observers` (one module: add `dispatch::` or `observer::`).
//!
//! Apart from the `integration` binary because `dispatch` runs each query twice and compares the answers, their
//! lower bounds included: a bound reads the pattern databases this process holds, so a test on another thread
//! building tables between the two runs could change one of them. `observer` drives the engines directly and
//! neither builds nor reads those tables.

mod dispatch;
mod observer;
