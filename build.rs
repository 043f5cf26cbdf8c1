//! Records the compiler's version for taflbench, which saves it beside its figures, and
//! compiles the misplay suite (`fixtures/misplays/*.json`, the core tier, and
//! `fixtures/misplays/hard/*.json`, the hard tier) into the library so an installed
//! taflregress needs no checkout.
use std::path::Path;
use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    println!("cargo:rustc-env=TAFLCOUNT_RUSTC_VERSION={version}");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=RUSTC");

    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("fixtures/misplays");
    let mut code = String::new();
    code.push_str(&table(
        &root,
        "BUILT_IN",
        "The core misplay suite: (file name, JSON text), sorted by name.",
    ));
    code.push_str(&table(
        &root.join("hard"),
        "BUILT_IN_HARD",
        "The hard tier (fixtures/misplays/hard/): (file name, JSON text), sorted by name.",
    ));
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("misplays.rs");
    std::fs::write(out, code).unwrap();
}

/// A constant `name: &[(&str, &str)]` holding every `*.json` file of `dir` (not its
/// subdirectories), sorted by name.
fn table(dir: &Path, name: &str, doc: &str) -> String {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut code = format!("/// {doc}\npub const {name}: &[(&str, &str)] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let file = path.file_name().unwrap().to_string_lossy();
        code.push_str(&format!(
            "    ({file:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    code
}
