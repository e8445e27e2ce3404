//! Computes `PUZZLE_LAB_BUILD_ID`: a hash of the app's and the solver's sources, appended to the worker's URL so
//! that a new build never runs against a cached old worker.

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let roots = [
        "src",
        "solver/src",
        "static",
        "Cargo.toml",
        "solver/Cargo.toml",
    ];
    let mut files = Vec::new();
    for root in roots {
        println!("cargo:rerun-if-changed={root}");
        collect(Path::new(root), &mut files);
    }
    files.sort();
    // FNV-1a, 64 bits: stable across Rust versions, unlike `DefaultHasher`.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for file in &files {
        feed(file.to_string_lossy().as_bytes());
        feed(&fs::read(file).unwrap_or_default());
    }
    println!("cargo:rustc-env=PUZZLE_LAB_BUILD_ID={hash:016x}");
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_file() {
        out.push(path.to_path_buf());
    } else if let Ok(entries) = fs::read_dir(path) {
        for entry in entries.flatten() {
            collect(&entry.path(), out);
        }
    }
}
