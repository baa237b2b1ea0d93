fn main() {
    std::process::exit(regcause::cli::main());
}
