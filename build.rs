//! The browser app's module keeps its relocations (`--emit-relocs`): `scripts/split-wasm.sh`
//! needs them to cut the module at its `#[wasm_split]` functions (docs/SPEED.md). Other
//! builds link as usual.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_WEB").is_some() {
        println!("cargo:rustc-link-arg-bin=beeline-app=--emit-relocs");
    }
}
