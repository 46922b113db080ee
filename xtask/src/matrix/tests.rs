//! The matrix's selection, directories and BMI2 flavour.

use super::*;

const DEFAULTS: [&str; 2] = targets::COMPARE_DEFAULT;

#[test]
fn all_is_every_target_and_other_defaults_apply() {
    let all = select(&["all".to_string()], &[Backend::HiLo], &DEFAULTS);
    assert_eq!(all.len(), targets::ALL.len());
    let tests = select(&[], &[], &targets::TEST_DEFAULT);
    assert_eq!(tests.len(), 2 * targets::TEST_DEFAULT.len());
    assert!(tests.iter().any(Combination::is_emulated));
    let run =
        Combination::new(targets::WASM32, Backend::Native).run_binary(Path::new("/ws"), "release", "bb");
    let words: Vec<String> = run.get_args().map(|arg| arg.to_string_lossy().into_owned()).collect();
    assert_eq!(run.get_program(), "python3");
    assert!(words[1].ends_with("wasm32-wasip1/release/bb.wasm"), "{words:?}");
}

#[test]
fn empty_selection_is_the_full_matrix() {
    let all = select(&[], &[], &DEFAULTS);
    assert_eq!(all.len(), 4);
    assert_eq!(all[0].to_string(), "x86_64-unknown-linux-gnu/native");
    assert_eq!(all[3].to_string(), "i686-unknown-linux-musl/hilo");
}

#[test]
fn selection_narrows_each_dimension_and_drops_duplicates() {
    let picked = select(&[I686.to_string(), I686.to_string()], &[Backend::HiLo], &DEFAULTS);
    assert_eq!(picked, vec![Combination::new(I686, Backend::HiLo)]);
    let picked = select(&[], &[Backend::Native], &DEFAULTS);
    assert_eq!(
        picked,
        vec![Combination::new(X86_64, Backend::Native), Combination::new(I686, Backend::Native)]
    );
}

#[test]
fn names_parse() {
    assert_eq!(parse_target("i686"), Ok(I686.to_string()));
    assert_eq!(parse_target("x86_64"), Ok(X86_64.to_string()));
    assert_eq!(parse_target("aarch64-unknown-linux-gnu"), Ok("aarch64-unknown-linux-gnu".to_string()));
    assert!(parse_target("--backend").is_err());
    assert_eq!(parse_backend("hilo"), Ok(Backend::HiLo));
    assert_eq!(parse_backend("hi/lo"), Ok(Backend::HiLo));
    assert_eq!(parse_backend("native"), Ok(Backend::Native));
    assert_eq!(parse_backend("u32").unwrap_err(), "unknown backend `u32` (expected `native` or `hilo`)");
}

#[test]
fn each_combination_has_its_own_target_dir() {
    let workspace = Path::new("/ws");
    let dirs: Vec<PathBuf> = select(&[], &[], &DEFAULTS).iter().map(|c| c.target_dir(workspace)).collect();
    assert_eq!(dirs[1], Path::new("/ws/target/xtask/x86_64-unknown-linux-gnu-hilo"));
    for (index, dir) in dirs.iter().enumerate() {
        assert!(!dirs[index + 1..].contains(dir));
    }
    let release = Combination::new(I686, Backend::Native).profile_dir(workspace, "release");
    assert_eq!(
        release,
        Path::new("/ws/target/xtask/i686-unknown-linux-musl-native/i686-unknown-linux-musl/release")
    );
    let bmi2 = Combination::new(X86_64, Backend::Native).with_bmi2();
    assert_eq!(
        bmi2.target_dir(workspace),
        Path::new("/ws/target/xtask/x86_64-unknown-linux-gnu-native-bmi2")
    );
    assert!(!dirs.contains(&bmi2.target_dir(workspace)));
}

#[test]
fn the_bmi2_build_is_named_apart() {
    let portable = Combination::new(X86_64, Backend::Native);
    let bmi2 = portable.with_bmi2();
    assert_ne!(portable, bmi2);
    assert_eq!(portable.label(), "x86_64/native");
    assert_eq!(bmi2.label(), "x86_64/native+bmi2");
    assert_eq!(bmi2.to_string(), "x86_64-unknown-linux-gnu/native+bmi2");
    assert_eq!(Combination::new(I686, Backend::HiLo).label(), "i686/hilo");
}

#[test]
fn bmi2_flavour_follows_each_x86_64_native_only() {
    let flavoured = with_bmi2_flavour(&select(&[], &[], &DEFAULTS));
    let labels: Vec<String> = flavoured.iter().map(Combination::label).collect();
    assert_eq!(labels, ["x86_64/native", "x86_64/native+bmi2", "x86_64/hilo", "i686/native", "i686/hilo"]);
    assert_eq!(
        with_bmi2_flavour(&select(&[I686.to_string()], &[], &DEFAULTS)),
        select(&[I686.to_string()], &[], &DEFAULTS)
    );
    // Already flavoured: not doubled.
    assert_eq!(with_bmi2_flavour(&flavoured), flavoured);
}

#[test]
fn bmi2_flags_only_on_the_bmi2_command_and_after_the_users_own() {
    let workspace = Path::new("/ws");
    let has_flags = |command: &Command| {
        command.get_envs().any(|(name, _)| name == "RUSTFLAGS" || name == "CARGO_ENCODED_RUSTFLAGS")
    };
    let portable = Combination::new(X86_64, Backend::Native);
    assert!(!has_flags(&portable.cargo(workspace, "bench")));
    assert!(has_flags(&portable.with_bmi2().cargo(workspace, "bench")));
    let has_target = |command: &Command| command.get_args().any(|arg| arg == "--target");
    assert!(has_target(&portable.cargo(workspace, "bench")));
    // On an x86_64 Linux host the BMI2 build is a host build, so that
    // the flags reach the build scripts too; its binaries move with it.
    let bmi2 = portable.with_bmi2();
    let as_host = HOST_TARGET == X86_64;
    assert_eq!(has_target(&bmi2.cargo(workspace, "bench")), !as_host);
    let release = Path::new("/ws/target/xtask/x86_64-unknown-linux-gnu-native-bmi2");
    let release = if as_host { release.join("release") } else { release.join(X86_64).join("release") };
    assert_eq!(bmi2.profile_dir(workspace, "release"), release);

    let joined = BMI2_RUSTFLAGS.join(" ");
    assert_eq!(rustflags_with(None, None, &BMI2_RUSTFLAGS), ("RUSTFLAGS", joined.clone()));
    assert_eq!(rustflags_with(None, Some("  ".into()), &BMI2_RUSTFLAGS), ("RUSTFLAGS", joined.clone()));
    assert_eq!(
        rustflags_with(None, Some("-C debuginfo=1".into()), &BMI2_RUSTFLAGS),
        ("RUSTFLAGS", format!("-C debuginfo=1 {joined}"))
    );
    let encoded = BMI2_RUSTFLAGS.join("\x1f");
    assert_eq!(
        rustflags_with(Some("--cfg\x1ffoo".into()), Some("ignored".into()), &BMI2_RUSTFLAGS),
        ("CARGO_ENCODED_RUSTFLAGS", format!("--cfg\x1ffoo\x1f{encoded}"))
    );
    assert_eq!(
        rustflags_with(Some(String::new()), None, &BMI2_RUSTFLAGS),
        ("CARGO_ENCODED_RUSTFLAGS", encoded)
    );
}

#[test]
fn a_shared_target_dir_keeps_target_and_backend() {
    let workspace = Path::new("/ws");
    let shared = shared_target_dir(workspace);
    assert_eq!(shared, Path::new("/ws/target/xtask/ci"));
    let env_of = |command: &Command, name: &str| {
        command.get_envs().find(|(key, _)| *key == name).and_then(|(_, value)| value).map(PathBuf::from)
    };
    for combination in select(&[], &[], &targets::TEST_DEFAULT) {
        let own = combination.cargo(workspace, "test");
        let in_shared = combination.cargo_in(workspace, "test", &shared);
        assert_eq!(env_of(&own, "CARGO_TARGET_DIR"), Some(combination.target_dir(workspace)));
        assert_eq!(env_of(&in_shared, "CARGO_TARGET_DIR"), Some(shared.clone()));
        assert_eq!(env_of(&in_shared, "BB_BACKEND"), env_of(&own, "BB_BACKEND"));
        let args = |command: &Command| command.get_args().map(|arg| arg.to_owned()).collect::<Vec<_>>();
        assert_eq!(args(&in_shared), args(&own));
        assert!(args(&own).iter().any(|arg| arg == combination.target.as_str()));
    }
}
