//! The UI type-checks (`tsc --noEmit` over ui/src and ui/e2e), against the TypeScript types
//! generated from the Rust views — so a view change the UI does not follow fails here.

use std::path::Path;
use std::process::Command;

#[test]
fn ui_typechecks() {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let output = Command::new("npx")
        .args(["tsc", "--noEmit", "-p", "."])
        .current_dir(&ui)
        .output()
        .expect("no se pudo ejecutar npx tsc (¿Node.js y ui/node_modules instalados?)");
    assert!(
        output.status.success(),
        "la interfaz no compila con TypeScript:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
