//! The browser app's structure, checked from its source (`src/app`), so that it stays a place
//! to work in (docs/VIEWER.md, "The app's layers"):
//!
//! - its modules import each other without a cycle, and none imports the app's root module
//!   (`app/mod.rs` composes the page; it is imported by nothing);
//! - the kit (`app/kit`) imports no other module of the app;
//! - no function is longer than 150 lines, and no file longer than 600;
//! - no type name is defined twice in the crate (`src/`), so that a name in a stack trace, a
//!   doc or a review means one thing.
//!
//! A module is a file of `src/app` or a folder of them (`board/` is one module).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const LONGEST_FUNCTION: usize = 150;
const LONGEST_FILE: usize = 600;

/// One source file of the app.
struct File {
    path: PathBuf,
    /// The app's module it belongs to (`board` for `board/state.rs`); `None` for `mod.rs`.
    module: Option<String>,
    /// How deep under `src/app` it is (0: `viewer.rs`, 1: `board/state.rs`).
    depth: usize,
    text: String,
}

fn app_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app")
}

fn files() -> Vec<File> {
    fn walk(dir: &Path, depth: usize, top: Option<&str>, out: &mut Vec<File>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .expect("src/app can be read")
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string();
            if path.is_dir() {
                walk(&path, depth + 1, Some(top.unwrap_or(&name)), out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let module = match top {
                    Some(t) => Some(t.to_string()),
                    None if name == "mod" => None,
                    None => Some(name),
                };
                let text = fs::read_to_string(&path).expect("a source file can be read");
                out.push(File {
                    path,
                    module,
                    depth,
                    text,
                });
            }
        }
    }
    let mut out = Vec::new();
    walk(&app_dir(), 0, None, &mut out);
    assert!(out.len() > 20, "src/app has {} files", out.len());
    out
}

/// The code of a file before its tests (`#[cfg(test)]`): what the app itself uses.
fn code(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |i| &text[..i])
}

/// The first identifier of each path after `prefix` (`super::{a, b::c}` gives a and b).
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        // Not the tail of a longer path (`super::super::x` is read by its own prefix).
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            // The group's items at its own level (an item may hold a group of its own).
            let mut depth = 0usize;
            let mut item = String::new();
            let mut items = Vec::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => items.push(std::mem::take(&mut item)),
                    _ if depth == 0 => item.push(c),
                    _ => {}
                }
            }
            items.push(item);
            for item in items {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.push(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

/// What each module imports of the app's other modules; the names of the app's root module
/// (items, not modules) that a file imports, with the file.
fn imports(files: &[File]) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let modules: BTreeSet<String> = files.iter().filter_map(|f| f.module.clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut of_root = Vec::new();
    for f in files {
        let Some(module) = &f.module else { continue };
        let code = code(&f.text);
        let mut names = names_after(code, "crate::app::");
        match f.depth {
            0 => names.extend(names_after(code, "super::")),
            _ => names.extend(names_after(code, "super::super::")),
        }
        let edges = graph.entry(module.clone()).or_default();
        for name in names {
            if name == "super" || name == "self" {
                continue;
            }
            if modules.contains(&name) {
                if name != *module {
                    edges.insert(name);
                }
            } else {
                of_root.push(format!("{} uses app::{name}", f.path.display()));
            }
        }
    }
    (graph, of_root)
}

/// A cycle among the modules, if there is one (its modules in order, the first again last).
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == node) {
            let mut c = path[i..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, done, path) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(c) = visit(node, graph, &mut done, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

/// The source with its comments, strings and characters blanked (newlines kept), so that
/// braces can be counted.
fn blank(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        let skip_to = if rest.starts_with("//") {
            rest.find('\n').map_or(b.len(), |n| i + n)
        } else if rest.starts_with("r#\"") || rest.starts_with("r\"") {
            let hashes = rest[1..].chars().take_while(|&c| c == '#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let open = 2 + hashes;
            rest[open..]
                .find(&close)
                .map_or(b.len(), |n| i + open + n + close.len())
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            j + 1
        } else if b[i] == b'\'' && (rest.starts_with("'{'") || rest.starts_with("'}'")) {
            i + 3
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
            continue;
        };
        let skip_to = skip_to.min(b.len());
        out.extend(
            text[i..skip_to]
                .chars()
                .map(|c| if c == '\n' { '\n' } else { ' ' }),
        );
        i = skip_to;
    }
    out
}

/// Every function of a source file: its name, first line and length in lines (from its
/// `fn` line to its closing brace).
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let code = blank(text);
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let Some(at) = line.find("fn ") else { continue };
        let head = line[..at].trim();
        let is_fn = head.is_empty()
            || head.split_whitespace().all(|w| {
                matches!(w, "pub" | "async" | "const" | "unsafe" | "extern")
                    || w.starts_with("pub(")
            });
        if !is_fn {
            continue;
        }
        let name: String = line[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The body: from the first `{` after the signature to its match (a declaration
        // without a body, `fn f();`, ends at its `;`).
        let mut depth = 0usize;
        let mut opened = false;
        'lines: for (m, l) in lines.iter().enumerate().skip(n) {
            for c in l.chars() {
                match c {
                    ';' if !opened && depth == 0 => break 'lines,
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => {
                        depth = depth.saturating_sub(1);
                        if opened && depth == 0 {
                            out.push((name.clone(), n + 1, m - n + 1));
                            break 'lines;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    out
}

#[test]
fn the_apps_modules_import_each_other_without_a_cycle() {
    let files = files();
    let (graph, of_root) = imports(&files);
    assert!(
        of_root.is_empty(),
        "the app's root module composes the page and is imported by nothing:\n{}",
        of_root.join("\n")
    );
    assert_eq!(cycle(&graph), None, "import graph: {graph:#?}");
    // The check sees real imports: the board uses the model (the viewer), the model the kit.
    assert!(graph["board"].contains("model") && graph["model"].contains("kit"));
}

/// Inside each folder module (`board/`, `kit/`): what each file imports of its siblings, and
/// the names of the folder's own root (`mod.rs`) that a file imports.
fn folder_imports(files: &[File]) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut of_root = Vec::new();
    let stem = |f: &File| {
        f.path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string()
    };
    for f in files.iter().filter(|f| f.depth == 1 && stem(f) != "mod") {
        let folder = f.module.clone().unwrap_or_default();
        let siblings: BTreeSet<String> = files
            .iter()
            .filter(|g| g.depth == 1 && g.module.as_deref() == Some(&folder) && stem(g) != "mod")
            .map(stem)
            .collect();
        let me = format!("{folder}/{}", stem(f));
        let edges = graph.entry(me.clone()).or_default();
        for name in names_after(code(&f.text), "super::") {
            if name == "super" || name == "self" {
                continue;
            }
            if siblings.contains(&name) {
                if name != stem(f) {
                    edges.insert(format!("{folder}/{name}"));
                }
            } else {
                of_root.push(format!("{} uses {folder}::{name}", f.path.display()));
            }
        }
    }
    (graph, of_root)
}

#[test]
fn the_files_of_a_folder_import_each_other_without_a_cycle() {
    let files = files();
    let (graph, of_root) = folder_imports(&files);
    assert!(
        of_root.is_empty(),
        "a folder's mod.rs composes it and is imported by none of its files:\n{}",
        of_root.join("\n")
    );
    assert_eq!(cycle(&graph), None, "import graph: {graph:#?}");
    // The reserve plays through `play`, never through the board that holds it.
    assert_eq!(
        graph["board/reserve"],
        BTreeSet::from(["board/play".to_string()])
    );
}

#[test]
fn the_kit_imports_no_feature() {
    let files = files();
    let (graph, _) = imports(&files);
    assert_eq!(graph.get("kit"), Some(&BTreeSet::new()));
}

#[test]
fn no_function_of_the_app_is_longer_than_150_lines() {
    let mut long = Vec::new();
    let mut longest = 0;
    let mut counted = 0;
    for f in files() {
        for (name, line, len) in functions(&f.text) {
            counted += 1;
            longest = longest.max(len);
            if len > LONGEST_FUNCTION {
                long.push(format!("{}:{line} {name}: {len} lines", f.path.display()));
            }
        }
    }
    assert!(counted > 300, "only {counted} functions found");
    assert!(long.is_empty(), "{}", long.join("\n"));
    assert!(longest > 40, "the longest function has {longest} lines");
}

#[test]
fn no_file_of_the_app_is_longer_than_600_lines() {
    let files = files();
    let long: Vec<String> = files
        .iter()
        .map(|f| (f, f.text.lines().count()))
        .filter(|(_, n)| *n > LONGEST_FILE)
        .map(|(f, n)| format!("{}: {n} lines", f.path.display()))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
    let longest = files.iter().map(|f| f.text.lines().count()).max();
    assert!(
        longest > Some(300),
        "the longest file has {longest:?} lines"
    );
}

/// The types a source file defines (`struct`, `enum`, `union`, `trait`, a `type` alias,
/// function-local ones too), by name with their line; an associated type (a `type` directly
/// in an `impl` or `trait` block) defines nothing.
fn type_definitions(text: &str) -> Vec<(String, usize)> {
    let code = blank(text);
    let mut out = Vec::new();
    // What each open brace opened: an `impl` or `trait` block, or anything else.
    let mut blocks: Vec<bool> = Vec::new();
    let mut pending = false;
    for (n, line) in code.lines().enumerate() {
        let words: Vec<&str> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        let first = words
            .iter()
            .position(|w| !matches!(*w, "pub" | "crate" | "super" | "unsafe" | "in"));
        if let Some(i) = first {
            let kind = words[i];
            let in_impl = blocks.last() == Some(&true);
            let defines = matches!(kind, "struct" | "enum" | "union" | "trait")
                || (kind == "type" && !in_impl);
            // A definition starts its line (after its visibility), or follows a macro's
            // brace (`controls! { pub enum Tool`).
            let starts =
                line.trim_start().starts_with(kind) || line.trim_start().starts_with("pub");
            if defines && starts {
                if let Some(name) = words.get(i + 1) {
                    out.push((name.to_string(), n + 1));
                }
            }
            if matches!(kind, "impl" | "trait") && starts {
                pending = true;
            }
        }
        for c in line.chars() {
            match c {
                '{' => {
                    blocks.push(pending);
                    pending = false;
                }
                '}' => {
                    blocks.pop();
                }
                ';' if blocks.last() != Some(&true) => pending = false,
                _ => {}
            }
        }
    }
    out
}

#[test]
fn no_type_name_is_defined_twice_in_the_crate() {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in fs::read_dir(dir).expect("src can be read") {
            let path = e.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut paths,
    );
    paths.sort();
    let mut defined: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for p in &paths {
        let text = fs::read_to_string(p).expect("a source file can be read");
        for (name, line) in type_definitions(&text) {
            defined
                .entry(name)
                .or_default()
                .push(format!("{}:{line}", p.display()));
        }
    }
    let twice: Vec<String> = defined
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|(name, at)| format!("{name}: {}", at.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "type names defined more than once:\n{}",
        twice.join("\n")
    );
    // The walk sees the crate's types, from the engine to the app's controls.
    for name in [
        "Position",
        "GameTree",
        "Viewer",
        "BoardTool",
        "EngineAnswer",
    ] {
        assert!(defined.contains_key(name), "{name} not found");
    }
}

#[test]
fn the_checks_find_what_they_look_for() {
    // Imports, grouped or not, from the app's root, a sibling or through `crate::app`.
    let code = "use super::{kit::{self, dom}, viewer::Viewer};\nuse super::Viewer;\nfn f() { crate::app::editor::toggle(v); x::super::y(); }";
    assert_eq!(names_after(code, "super::"), ["kit", "viewer", "Viewer"]);
    assert_eq!(names_after(code, "crate::app::"), ["editor"]);
    // A cycle, and none.
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let edge = |g: &mut BTreeMap<String, BTreeSet<String>>, a: &str, b: &str| {
        g.entry(a.into()).or_default().insert(b.into());
    };
    edge(&mut g, "a", "b");
    edge(&mut g, "b", "c");
    assert_eq!(cycle(&g), None);
    edge(&mut g, "c", "a");
    assert_eq!(
        cycle(&g),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    // Functions are measured from `fn` to their brace, strings and comments aside.
    let text = "pub(super) fn a() {\n    let s = \"}\";\n    // }\n    let r = r#\"{\"#;\n}\nfn b();\nasync fn c() { if x { y } }\n";
    assert_eq!(
        functions(text),
        [("a".to_string(), 1, 5), ("c".to_string(), 7, 1)]
    );
    // Types, function-local ones too; associated types and names in strings are none.
    let text = "pub(crate) struct A;\nimpl Iterator for A {\n    type Item = u8;\n}\nfn f() {\n    enum B { X }\n    let s = \"struct C\";\n}\ncrate::controls! {\n    pub enum D { E = \"e\" }\n}\ntrait F {\n    type G;\n}\ntype H = u8;\n";
    let names: Vec<String> = type_definitions(text).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["A", "B", "D", "F", "H"]);
}
