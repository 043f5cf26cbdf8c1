//! What docs/architecture.md states as "the one X" or "never", held by reading the
//! source: a claim that stops being true fails here instead of silently going stale.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn files_under(dir: &str) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    rust_files(&root.join(dir), &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap();
            (p.strip_prefix(root).unwrap().display().to_string(), text)
        })
        .collect()
}

/// The files under `dir` whose code (comments left out) contains `needle`.
fn holding(dir: &str, needle: &str) -> Vec<String> {
    files_under(dir)
        .into_iter()
        .filter(|(_, text)| {
            text.lines()
                .map(|l| l.split("//").next().unwrap())
                .any(|l| l.contains(needle))
        })
        .map(|(path, _)| path)
        .collect()
}

#[test]
fn positions_fields_are_read_through_methods_above_moves() {
    let (_, text) = files_under("src/moves")
        .into_iter()
        .find(|(p, _)| p.ends_with("position.rs"))
        .unwrap();
    let body = &text[text.find("pub struct Position {").unwrap()..];
    let body = &body[..body.find("\n}").unwrap()];
    for line in body.lines().skip(1) {
        let line = line.trim();
        if !line.starts_with("///") && !line.is_empty() {
            assert!(
                line.starts_with("pub(super) "),
                "a field seen outside moves: {line}"
            );
        }
    }
}

#[test]
fn the_hot_path_keeps_no_hash_map_outside_the_repetition_tracker() {
    assert_eq!(holding("src/moves", "HashMap"), ["src/moves/repetition.rs"]);
}

#[test]
fn one_square_type_and_no_square_sentinel() {
    assert!(holding("src", "type Sq ").is_empty());
    assert!(holding("src", "NO_SQUARE").is_empty());
    assert_eq!(
        holding("src", "pub struct Square("),
        ["src/board/square.rs"]
    );
}

#[test]
fn files_are_renamed_into_place_by_the_one_writer() {
    assert_eq!(holding("src", "fs::rename("), ["src/files.rs"]);
}

#[test]
fn worker_threads_come_from_the_one_pool() {
    // Other library threads only read an engine's output line by line; taflengine's
    // one thinker thread lets it read its input while it searches.
    for path in holding("src", "thread::scope(") {
        assert!(
            path == "src/threads.rs" || path.starts_with("src/bin/taflengine"),
            "a thread scope in {path}"
        );
    }
}

#[test]
fn documents_share_the_one_header() {
    // Every tool's JSON document embeds `document::Header`. The plan, unit and result
    // files of work units (`taflperft plan`, `taflmatch plan`, `complexity --legal
    // --plan`, and the framework's `Identity` of them) are input files with a `kind` of
    // their own, read with unknown fields refused (which flatten forbids); so are the
    // lines of a `--records` sidecar (`matches::players`), one record per game.
    assert_eq!(
        holding("src", "pub schema_version: u32"),
        [
            "src/complexity/legal/units.rs",
            "src/document.rs",
            "src/matches/players.rs",
            "src/matches/units.rs",
            "src/perft/units/format.rs",
            "src/units.rs"
        ]
    );
    assert_eq!(holding("src", "pub struct Header"), ["src/document.rs"]);
}

#[test]
fn the_programs_build_no_json_by_hand() {
    // A program prints the library's typed documents (issue 22); fixture drafts are
    // read by `regress::Fixture::parse_draft`.
    assert_eq!(holding("src/bin", "json!("), Vec::<String>::new());
}

/// docs/architecture.md's code map lists the modules so that each uses only those above
/// it: read the order from the page, the imports from the code (`crate::module`, tests
/// left out), and hold every import to point up the list.
#[test]
fn layers_import_only_downward_in_the_order_the_page_gives() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    let order: Vec<String> = page
        .lines()
        .filter_map(|l| l.strip_prefix("| `src/"))
        .map(|l| {
            l[..l.find('`').unwrap()]
                .trim_end_matches('/')
                .trim_end_matches(".rs")
                .to_string()
        })
        .filter(|m| m != "lib" && !m.starts_with("bin"))
        .collect();
    assert!(order.len() > 20, "{order:?}");
    let mut wrong = Vec::new();
    for (rank, module) in order.iter().enumerate() {
        let mut files = if root.join(format!("src/{module}")).is_dir() {
            files_under(&format!("src/{module}"))
        } else {
            Vec::new()
        };
        let single = root.join(format!("src/{module}.rs"));
        if single.exists() {
            files.push((module.clone(), fs::read_to_string(single).unwrap()));
        }
        for (path, text) in files {
            // Unit tests may reach anywhere; the module's code may not.
            let code = text.split("#[cfg(test)]").next().unwrap();
            for (i, _) in code.match_indices("crate::") {
                let used: String = code[i + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                    .collect();
                if let Some(at) = order.iter().position(|m| *m == used) {
                    if at > rank {
                        wrong.push(format!("{path} ({module}) uses {used}, listed below it"));
                    }
                }
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_position_is_copied_in_at_most_432_bytes() {
    // docs/architecture.md, "Copy-make": every move played copies one.
    let size = std::mem::size_of::<taflcount::moves::Position>();
    assert!(size <= 432, "Position is {size} bytes");
}

/// The files of `dir` with their code alone: unit tests (from `#[cfg(test)]` on) and
/// comments left out.
fn library_code(dir: &str) -> Vec<(String, String)> {
    files_under(dir)
        .into_iter()
        .map(|(path, text)| {
            let code = text.split("#[cfg(test)]").next().unwrap();
            let code: Vec<&str> = code
                .lines()
                .map(|l| l.split("//").next().unwrap())
                .collect();
            (path, code.join("\n"))
        })
        .collect()
}

#[test]
fn the_library_never_prints_nor_exits() {
    // docs/architecture.md, "One library, small binaries": results go back to the
    // caller; only the programs (and `cli`, their shared part) write to stdout or
    // stderr and choose the exit code.
    let mut found = Vec::new();
    for (path, code) in library_code("src") {
        if path.starts_with("src/bin/") || path.starts_with("src/cli/") {
            continue;
        }
        for needle in [
            "print!(",
            "println!(",
            "eprint!(",
            "eprintln!(",
            "dbg!(",
            "process::exit(",
            "io::stdout(",
            "io::stderr(",
        ] {
            if code.contains(needle) {
                found.push(format!("{path}: {needle}"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_command_line_crates_stay_behind_the_cli_feature() {
    // clap, comfy-table and indicatif: the programs, `cli`, and the tables of
    // `report`, whose modules are built only with the `cli` feature.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let report = fs::read_to_string(root.join("src/report.rs")).unwrap();
    let ungated: Vec<&str> = report
        .lines()
        .zip(std::iter::once("").chain(report.lines()))
        .filter_map(|(line, above)| {
            let module = line.strip_prefix("pub mod ")?.strip_suffix(';')?;
            (above != "#[cfg(feature = \"cli\")]").then_some(module)
        })
        .collect();
    let mut found = Vec::new();
    for crate_name in ["clap", "comfy_table", "indicatif"] {
        for path in holding("src", &format!("{crate_name}::")) {
            let allowed = path.starts_with("src/bin/")
                || path.starts_with("src/cli/")
                || path.starts_with("src/report/")
                    && !ungated.iter().any(|m| path == format!("src/report/{m}.rs"));
            if !allowed {
                found.push(format!("{path} uses {crate_name}"));
            }
        }
    }
    assert_eq!(ungated, ["plot"]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The rows of the code map and of the table beside it: the first column of each
/// `| `path` | ... |` row of docs/architecture.md.
fn mapped_paths() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    page.lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .map(|l| l[..l.find('`').unwrap()].to_string())
        .collect()
}

#[test]
fn every_module_and_folder_has_its_row_in_the_code_map() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rows = mapped_paths();
    let mut missing = Vec::new();
    for entry in fs::read_dir(root.join("src")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        // A folder module and its `name.rs` share the folder's row.
        let row = match name.strip_suffix(".rs") {
            Some(stem) if root.join("src").join(stem).is_dir() => format!("src/{stem}/"),
            Some(_) => format!("src/{name}"),
            None => format!("src/{name}/"),
        };
        // `bin` has its row as `src/bin/<tool>/main.rs`; `test_support.rs` is built for
        // the unit tests alone.
        if name != "bin" && name != "test_support.rs" && !rows.contains(&row) {
            missing.push(row);
        }
    }
    // Every folder of the repository beside `src` too (build output and hidden ones
    // aside).
    for entry in fs::read_dir(root).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().into_string().unwrap();
        if entry.path().is_dir()
            && !name.starts_with('.')
            && name != "target"
            && !rows.iter().any(|r| r.starts_with(&format!("{name}/")))
        {
            missing.push(format!("{name}/"));
        }
    }
    missing.sort();
    assert!(missing.is_empty(), "no row for {missing:?}");
}

#[test]
fn the_scripts_and_adapters_rows_name_every_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    for folder in ["scripts", "adapters"] {
        let row = page
            .lines()
            .find(|l| l.starts_with(&format!("| `{folder}/` |")))
            .unwrap_or_else(|| panic!("no {folder}/ row"));
        for entry in fs::read_dir(root.join(folder)).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            assert!(
                row.contains(&format!("`{name}`")),
                "the {folder}/ row does not name `{name}`"
            );
        }
    }
}

/// Allocations made by this thread, counted by the test binary's allocator: the
/// counting of another test running beside it stays out.
mod allocations {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    thread_local! {
        static COUNT: Cell<u64> = const { Cell::new(0) };
    }

    pub struct Counting;

    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
            System.alloc(layout)
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            System.dealloc(ptr, layout)
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
            System.realloc(ptr, layout, size)
        }
    }

    /// This thread's allocations so far.
    pub fn so_far() -> u64 {
        COUNT.with(|c| c.get())
    }
}

#[global_allocator]
static ALLOCATOR: allocations::Counting = allocations::Counting;

#[test]
fn perft_allocates_nothing() {
    // docs/architecture.md, the data flow: the hot path counts without allocating
    // (move generation, play, captures, the end of the game, bulk counting).
    use taflcount::moves::{Position, Tables};
    use taflcount::perft::{perft, Counting};
    for variant in taflcount::rules::catalog::VARIANTS {
        let t = Tables::new(&variant.rules()).unwrap();
        let start = Position::start(&t);
        for counting in [Counting::Bulk, Counting::Full] {
            let before = allocations::so_far();
            let nodes = perft(&t, &start, 3, counting);
            let made = allocations::so_far() - before;
            assert_eq!(
                made, 0,
                "{} perft(3) {counting:?}: {made} allocations for {nodes} nodes",
                variant.name
            );
        }
    }
}
