fn main() {
    regcause::exec::ceiling::keep_heap_top();
    // Every subcommand runs on a thread with a large stack: a safety margin for the
    // recursion of z3 and of the interpreter on the larger programs' deep expressions,
    // which the main thread's 8 MiB did not always cover (the explore bench's samples).
    let code = std::thread::Builder::new()
        .name("git-regcause".into())
        .stack_size(256 << 20)
        .spawn(regcause::cli::main)
        .map(|t| {
            t.join().unwrap_or_else(|_| {
                // The panic's own message is above; say what it means for the user.
                eprintln!(
                    "git-regcause: internal error: the command stopped on a bug in regcause \
                     (the message above); nothing was changed in the repository"
                );
                regcause::cli::code::INTERNAL
            })
        });
    std::process::exit(code.unwrap_or_else(|e| {
        eprintln!("git-regcause: cannot start the main thread: {e}");
        regcause::cli::code::INTERNAL
    }));
}
