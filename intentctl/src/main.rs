//! `intentctl`: a thin JSON-in/JSON-out front end over `intent_core` (docs/spec.md §10): the
//! arguments (parsed with clap), the input file, the output line and the exit status. The
//! documents it reads and the scenario runner are the `intent_documents` crate's.
//!
//! Exit 0 with the result on standard output; exit 1 with one JSON error line on standard
//! output when the input is invalid; exit 2 with a message on standard error for usage
//! mistakes (unknown command, unreadable file).

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use intent_core::{from_slice, to_string, Canonical, Error, Intent, IntentRecord, RecordState};
use intent_documents::{
    error_line, outcome_lines, CheckAddressesInput, CheckExecuteInput, CheckMetaTransactionsInput, IntentDigestInput,
    PermitDigestInput, RecoverInput, RelayableInput, Scenario, WalletAddressInput,
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
  signature relayable  {signature} -> the same signature as 65-byte hex with v 27 or 28, the
                 form on-chain recovery accepts (refuses what recover refuses before recovery)
  check request  QuoteRequest -> {ok: true} when every QuoteRequest rule holds
  check intent   Intent -> {ok: true} when the QuoteRequest rules and intent consistency hold
  check execute  {intent, gasFeeOptions, request, now, committedAt?, entrypoint?,
                  tokenPermit?, entrypointNonce?, acceptUnverifiedPermit?,
                  depositEvidence?, depositConfirmations?, acceptUnverifiedDeposit?}
                 -> {ok: true} when every Execute rule holds, with
                 relayable: {intentSignature?, permitSignature?} (v 27/28) when a
                 signature of the request has v 0 or 1
                 tokenPermit: {domain, nonce}, the token's permit facts; without them a permit
                 signature is PERMIT_UNVERIFIED unless acceptUnverifiedPermit is true
                 entrypointNonce: the owner's nonce at the entrypoint (else NONCE_MISMATCH)
                 depositEvidence: {chainId, headBlockNumber, receipt, transaction} as a node
                 returns them; without it a depositTransactionHash is DEPOSIT_UNVERIFIED
                 unless acceptUnverifiedDeposit is true (unsafe: the hash is not checked)
  check intent-addresses  {intent, context?} -> {ok: true} when the intent's addresses are the
                 wallets derived from its owner and bundles (docs/spec.md 5.6), and every field
                 repeating one repeats it; context: {factory, mainModule, mainModuleUpgradable,
                 guestModule?, creationCode?}, absent the published one
  check meta-transactions  {intent, context} -> {ok: true} when each meta-transaction calls
                 context.guestModule with the guest batch that runs its side's bundle (5.7)
  wallet address {owner, bundles, context?} -> {address, imageHash, payloadHashes}: the
                 intent wallet of the owner and the CallBundles, in order
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

/// The command line: one command and the file its document is read from.
#[derive(Parser)]
#[command(name = "intentctl", override_help = USAGE, disable_version_flag = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The file an input document is read from: standard input given `-` or nothing.
#[derive(clap::Args)]
struct Source {
    file: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Intent -> canonical hash.
    Hash(Source),
    /// Intent -> canonical JSON.
    Canonical(Source),
    /// An EIP-712 digest.
    #[command(subcommand)]
    Digest(Signed),
    /// An EIP-712 typed-data document.
    #[command(subcommand)]
    TypedData(Signed),
    /// {digest, signature} -> the signer.
    Recover(Source),
    /// The rules of an operation.
    #[command(subcommand)]
    Check(Checked),
    /// A signature in another form.
    #[command(subcommand)]
    Signature(SignatureForm),
    /// Intent wallets.
    #[command(subcommand)]
    Wallet(WalletAsked),
    /// A scenario -> one line per event.
    Run {
        /// Store and restore the record through this file between every two events.
        #[arg(long, value_name = "STATE_FILE")]
        through_state: Option<String>,
        #[command(flatten)]
        source: Source,
    },
}

/// What `digest` and `typed-data` are of.
#[derive(Subcommand)]
enum Signed {
    /// The deposit intent.
    Intent(Source),
    /// An ERC-2612 or DAI-style permit.
    Permit(Source),
}

/// The forms `signature` gives.
#[derive(Subcommand)]
enum SignatureForm {
    /// {signature} -> the 65 bytes with v 27 or 28.
    Relayable(Source),
}

/// What `check` checks.
#[derive(Subcommand)]
enum Checked {
    /// A QuoteRequest.
    Request(Source),
    /// An Intent.
    Intent(Source),
    /// An execute request against its committed intent.
    Execute(Source),
    /// An intent's addresses against its owner and bundles.
    IntentAddresses(Source),
    /// An intent's meta-transactions against its bundles.
    MetaTransactions(Source),
}

/// What `wallet` answers.
#[derive(Subcommand)]
enum WalletAsked {
    /// {owner, bundles, context?} -> the wallet's address, image hash and payload hashes.
    Address(Source),
}

/// What a command prints on success.
type Output = Result<String, Error>;

fn ok(checked: Result<(), Error>) -> Output {
    checked.map(|()| String::from("{\"ok\":true}"))
}

impl Command {
    /// What the command does with its input document, and where the document is.
    fn run(&self) -> (fn(&[u8]) -> Output, &Source) {
        match self {
            Command::Hash(source) => (|input| Ok(from_slice::<Intent>(input)?.canonical_hash().to_string()), source),
            Command::Canonical(source) => (|input| Ok(from_slice::<Intent>(input)?.canonical_json()), source),
            Command::Digest(Signed::Intent(source)) => {
                (|input| Ok(from_slice::<IntentDigestInput>(input)?.digest()?.to_string()), source)
            }
            Command::Digest(Signed::Permit(source)) => {
                (|input| Ok(from_slice::<PermitDigestInput>(input)?.digest()?.to_string()), source)
            }
            Command::TypedData(Signed::Intent(source)) => {
                (|input| Ok(from_slice::<IntentDigestInput>(input)?.typed_data()?.to_json()), source)
            }
            Command::TypedData(Signed::Permit(source)) => {
                (|input| Ok(from_slice::<PermitDigestInput>(input)?.typed_data()?.to_json()), source)
            }
            Command::Recover(source) => (|input| Ok(from_slice::<RecoverInput>(input)?.signer()?.to_string()), source),
            Command::Check(Checked::Request(source)) => {
                (|input| ok(intent_core::rules::check_quote_request(&from_slice(input)?)), source)
            }
            Command::Check(Checked::Intent(source)) => {
                (|input| ok(intent_core::rules::check_intent(&from_slice(input)?)), source)
            }
            Command::Check(Checked::Execute(source)) => {
                (|input| from_slice::<CheckExecuteInput>(input)?.check_line(), source)
            }
            Command::Check(Checked::IntentAddresses(source)) => {
                (|input| ok(from_slice::<CheckAddressesInput>(input)?.check()), source)
            }
            Command::Check(Checked::MetaTransactions(source)) => {
                (|input| ok(from_slice::<CheckMetaTransactionsInput>(input)?.check()), source)
            }
            Command::Wallet(WalletAsked::Address(source)) => {
                (|input| from_slice::<WalletAddressInput>(input)?.line(), source)
            }
            Command::Signature(SignatureForm::Relayable(source)) => {
                (|input| Ok(from_slice::<RelayableInput>(input)?.relayable()?.to_string()), source)
            }
            Command::Run { source, .. } => (|input| Ok(outcome_lines(&from_slice::<Scenario>(input)?.run()?)), source),
        }
    }
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
fn run_through_state(file: &str, input: &[u8]) -> ExitCode {
    let outcomes = from_slice::<Scenario>(input)
        .map_err(StateRunFailure::from)
        .and_then(|scenario| scenario.run_between(|record| store_and_load(record, file)));
    match outcomes {
        Ok(outcomes) => print_result(Ok(outcome_lines(&outcomes))),
        Err(StateRunFailure::Invalid(error)) => print_result(Err(error)),
        Err(StateRunFailure::Io(message)) => usage_error(&message),
    }
}

/// Reads the input document `source` names.
fn read_source(source: &Source) -> Result<Vec<u8>, ExitCode> {
    let name = source.file.as_deref();
    read_input(name).map_err(|e| usage_error(&format!("cannot read {}: {e}", name.unwrap_or("standard input"))))
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

/// Answers a command line clap refused: its help on standard output (exit 0) when asked
/// for, else a usage mistake.
fn refused(error: &clap::Error, words: usize) -> ExitCode {
    let message = match error.kind() {
        ErrorKind::DisplayHelp => {
            // Not `println!`, which panics when standard output is closed (`| head`).
            let written = std::io::stdout().lock().write_all(format!("{}", error.render()).as_bytes());
            return if written.is_ok() { ExitCode::SUCCESS } else { ExitCode::from(2) };
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand if words == 0 => {
            String::from("missing command")
        }
        ErrorKind::InvalidSubcommand
        | ErrorKind::MissingSubcommand
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => String::from("unknown command"),
        ErrorKind::UnknownArgument => String::from("too many arguments"),
        // clap's own words, without its `error: ` prefix and its usage lines.
        _ => {
            let rendered = error.render().to_string();
            let first = rendered.lines().next().unwrap_or_default();
            String::from(first.strip_prefix("error: ").unwrap_or(first))
        }
    };
    usage_error(&message)
}

fn main() -> ExitCode {
    let words = std::env::args_os().len().saturating_sub(1);
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return refused(&error, words),
    };
    let (run, source) = cli.command.run();
    let input = match read_source(source) {
        Ok(input) => input,
        Err(code) => return code,
    };
    match &cli.command {
        Command::Run { through_state: Some(file), .. } => run_through_state(file, &input),
        _ => print_result(run(&input)),
    }
}
