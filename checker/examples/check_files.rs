//! Prints the checker's diagnostics for each file given, in one profile:
//! `cargo run -p clasp-checker --example check_files -- CL2.0 a.cl b.cl`.

fn main() {
    let mut args = std::env::args().skip(1);
    let profile: checker::Profile = match args.next().map(|p| p.parse()) {
        Some(Ok(p)) => p,
        _ => {
            eprintln!("usage: check_files PROFILE FILE...");
            std::process::exit(2);
        }
    };
    let mut failed = false;
    for path in args {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                failed = true;
                continue;
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        let (sources, diags) =
            checker::check_source(&path, &text, profile, &checker::Options::default());
        for d in &diags {
            println!("{path}:{}: {}: {}", sources.line(d.span), d.code, d.message);
        }
        failed |= diags.iter().any(|d| d.code.is_error());
    }
    std::process::exit(i32::from(failed));
}
