//! Every input the `battle_commands` fuzz target ever crashed on, kept in
//! `tests/fuzz_inputs/battle_commands/` and checked exactly as the fuzz target checks it
//! (`check_command_bytes`): no panic, the invariants after every command, the replay.
//! (The `level_parse` target's finds live in the malformed-level corpus, `tests/malformed/`.)

mod proptest_support;

use std::path::Path;

#[test]
fn every_kept_fuzz_input_passes_the_battle_checks() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_inputs/battle_commands");
    let catalog = skirmish::paths::load_catalog();
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/fuzz_inputs/battle_commands")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "no inputs in {}", dir.display());
    for path in inputs {
        let data = std::fs::read(&path).expect("readable input");
        let outcome =
            std::panic::catch_unwind(|| proptest_support::check_command_bytes(&data, &catalog));
        match outcome {
            Ok(Ok(())) => {}
            Ok(Err(e)) => panic!("{}: {e}", path.display()),
            Err(_) => panic!("{}: panicked (see above)", path.display()),
        }
    }
}
