//! `intentctl`: a thin JSON-in/JSON-out front end over `intent_core` (docs/spec.md §10).
//!
//! Exit 0 with the result on standard output; exit 1 with one JSON error line on standard
//! output when the input is invalid; exit 2 with a message on standard error for usage
//! mistakes (unknown command, unreadable file).

use std::io::{Read, Write};
use std::process::ExitCode;

use intent_core::IntentRecord;
use intent_core::{from_slice, to_string, Canonical, Error, Intent, RecordState};
use intentctl::{
    error_line, outcome_lines, CheckExecuteInput, IntentDigestInput, PermitDigestInput, RecoverInput, Scenario,
};

const USAGE: &str = "\
usage: intentctl <command> [FILE|-]
       intentctl run --through-state STATE_FILE [FILE|-]

Reads one JSON document from FILE, or from standard input given '-' or nothing.

commands:
  hash        Intent -> 0x-prefixed canonical hash (keccak256 of the canonical JSON)
  canonical   Intent -> canonical JSON (docs/spec.md section 4)
  digest intent  {intent, depositSignature, domain?} -> 0x-prefixed EIP-712 deposit-intent digest (docs/spec.md §5.1)
  digest permit  {domain, owner, spender, value, nonce, deadline} -> 0x-prefixed ERC-2612 permit digest
                 {domain, holder, spender, nonce, expiry, allowed} -> 0x-prefixed DAI-style permit digest
  typed-data intent  the input of digest intent -> the EIP-712 typed-data document a wallet signs (one line)
  typed-data permit  the input of digest permit (ERC-2612 or DAI-style) -> its typed-data document (one line)
  recover        {digest, signature} -> the signer's EIP-55 address
  check request  QuoteRequest -> {ok: true} when every QuoteRequest rule holds
  check intent   Intent -> {ok: true} when the QuoteRequest rules and intent consistency hold
  check execute  {intent, gasFeeOptions, request, now, committedAt?, entrypoint?,
                  tokenPermit?, entrypointNonce?, acceptUnverifiedPermit?}
                 -> {ok: true} when every Execute rule holds
                 tokenPermit: {domain, nonce}, the token's permit facts; without them a permit
                 signature is PERMIT_UNVERIFIED unless acceptUnverifiedPermit is true
                 entrypointNonce: the owner's nonce at the entrypoint (else NONCE_MISMATCH)
  run            {policy?, intent, gasFeeOptions?, events} -> one JSON line per event
                 policy: {quoteTtlSeconds?, executionWindowSeconds?, entrypoint?}
                 (the older limits: {quoteTtlSeconds?, executionWindowSeconds?}, not both)
                 entrypoint: {name, version, typeName}, the entrypoint's EIP-712 names
                 an execute event takes request and the chain facts of check execute
                 a replay (a retried commit or execute) prints \"replay\":true
  run --through-state STATE_FILE
                 the same, with the record written to STATE_FILE as its RecordState JSON
                 and restored from it between every two events (as a stateless server);
                 the output is byte-identical to the plain run

exit status: 0 success, 1 invalid input (one JSON error line on standard output, with
\"offset\" for a JSON syntax error), 2 usage mistake (message on standard error)";

/// What a command prints on success.
type Output = Result<String, Error>;

/// A command: its words and what it does with the input document.
struct Command {
    words: &'static [&'static str],
    run: fn(&[u8]) -> Output,
}

const COMMANDS: &[Command] = &[
    Command { words: &["hash"], run: |input| Ok(from_slice::<Intent>(input)?.canonical_hash().to_string()) },
    Command { words: &["canonical"], run: |input| Ok(from_slice::<Intent>(input)?.canonical_json()) },
    Command {
        words: &["digest", "intent"],
        run: |input| Ok(from_slice::<IntentDigestInput>(input)?.digest()?.to_string()),
    },
    Command {
        words: &["digest", "permit"],
        run: |input| Ok(from_slice::<PermitDigestInput>(input)?.digest()?.to_string()),
    },
    Command {
        words: &["typed-data", "intent"],
        run: |input| Ok(from_slice::<IntentDigestInput>(input)?.typed_data()?.to_json()),
    },
    Command {
        words: &["typed-data", "permit"],
        run: |input| Ok(from_slice::<PermitDigestInput>(input)?.typed_data()?.to_json()),
    },
    Command {
        words: &["check", "request"],
        run: |input| ok(intent_core::rules::check_quote_request(&from_slice(input)?)),
    },
    Command { words: &["check", "intent"], run: |input| ok(intent_core::rules::check_intent(&from_slice(input)?)) },
    Command { words: &["check", "execute"], run: |input| ok(from_slice::<CheckExecuteInput>(input)?.check()) },
    Command {
        words: &["run"],
        run: |input| {
            let outcomes = from_slice::<Scenario>(input)?.run()?;
            Ok(outcome_lines(&outcomes))
        },
    },
    Command { words: &["recover"], run: |input| Ok(from_slice::<RecoverInput>(input)?.signer()?.to_string()) },
];

/// The `{"ok":true}` line of the check commands.
fn ok(checked: Result<(), Error>) -> Output {
    checked.map(|()| String::from("{\"ok\":true}"))
}

/// The command named by the first words of `args`, and the words after it.
fn find_command<'a>(args: &'a [&'a str]) -> Option<(&'static Command, &'a [&'a str])> {
    COMMANDS
        .iter()
        .filter(|c| args.starts_with(c.words))
        .max_by_key(|c| c.words.len())
        .map(|c| (c, &args[c.words.len()..]))
}

/// Reads the input document, at most one byte more than the document limit: anything
/// longer is rejected by the parser as `LIMIT_EXCEEDED` without being read whole.
fn read_input(source: Option<&str>) -> std::io::Result<Vec<u8>> {
    let most = u64::try_from(intent_core::Limits::DEFAULT.max_document_bytes).unwrap_or(u64::MAX).saturating_add(1);
    let mut bytes = Vec::new();
    match source {
        None | Some("-") => std::io::stdin().lock().take(most).read_to_end(&mut bytes)?,
        Some(path) => std::fs::File::open(path)?.take(most).read_to_end(&mut bytes)?,
    };
    Ok(bytes)
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("intentctl: {message}\n\n{USAGE}");
    ExitCode::from(2)
}

/// Why a run through a state file stopped.
enum StateRunFailure {
    /// The scenario (or a state read back) is invalid input.
    Invalid(Error),
    /// The state file could not be written or read.
    Io(String),
}

impl From<Error> for StateRunFailure {
    fn from(error: Error) -> Self {
        StateRunFailure::Invalid(error)
    }
}

/// Writes `record` to `file` as its RecordState JSON, reads it back and restores it.
fn store_and_load(record: IntentRecord, file: &str) -> Result<IntentRecord, StateRunFailure> {
    let io = |e: std::io::Error| StateRunFailure::Io(format!("state file {file}: {e}"));
    std::fs::write(file, to_string(&record.state())).map_err(io)?;
    let text = std::fs::read(file).map_err(io)?;
    Ok(IntentRecord::from_state(from_slice::<RecordState>(&text)?)?)
}

/// `intentctl run --through-state FILE [SOURCE]`.
fn run_through_state(file: &str, rest: &[&str]) -> ExitCode {
    let input = match read_source(rest) {
        Ok(input) => input,
        Err(code) => return code,
    };
    let outcomes = from_slice::<Scenario>(&input)
        .map_err(StateRunFailure::from)
        .and_then(|scenario| scenario.run_between(|record| store_and_load(record, file)));
    match outcomes {
        Ok(outcomes) => print_result(Ok(outcome_lines(&outcomes))),
        Err(StateRunFailure::Invalid(error)) => print_result(Err(error)),
        Err(StateRunFailure::Io(message)) => usage_error(&message),
    }
}

/// Reads the input document named by the words after the command (none, `-` or a file).
fn read_source(rest: &[&str]) -> Result<Vec<u8>, ExitCode> {
    let source = match rest {
        [] => None,
        [source] => Some(*source),
        _ => return Err(usage_error("too many arguments")),
    };
    read_input(source).map_err(|e| usage_error(&format!("cannot read {}: {e}", source.unwrap_or("standard input"))))
}

/// Prints a command's output line (exit 0) or its error line (exit 1).
fn print_result(output: Output) -> ExitCode {
    let (line, code) = match output {
        Ok(output) => (output, ExitCode::SUCCESS),
        Err(error) => (error_line(&error), ExitCode::from(1)),
    };
    let line = if line.is_empty() || line.ends_with('\n') { line } else { line + "\n" };
    if std::io::stdout().lock().write_all(line.as_bytes()).is_err() {
        return ExitCode::from(2);
    }
    code
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    if let ["-h" | "--help" | "help"] = words.as_slice() {
        // Not `println!`, which panics when standard output is closed (`| head`).
        let written = std::io::stdout().lock().write_all(format!("{USAGE}\n").as_bytes());
        return if written.is_ok() { ExitCode::SUCCESS } else { ExitCode::from(2) };
    }
    if let ["run", "--through-state", rest @ ..] = words.as_slice() {
        return match rest {
            [file, rest @ ..] => run_through_state(file, rest),
            [] => usage_error("--through-state needs a file"),
        };
    }
    let Some((command, rest)) = find_command(&words) else {
        return usage_error(match words.first() {
            None => "missing command",
            Some(_) => "unknown command",
        });
    };
    match read_source(rest) {
        Ok(input) => print_result((command.run)(&input)),
        Err(code) => code,
    }
}
