//! The transition table of docs/spec.md §6, written once: [`Event::next_status`] over the
//! closed [`Stage`] a record is in, and the facts that follow from the table alone (which
//! stages a path through `execute` reaches, how many changes lead to a stage).
//!
//! What does not live here: what an event brings and checks (the parent module and
//! [`crate::rules`]), and the persisted form (`state`).

use crate::error::{Error, Problem};
use crate::wire::enums::wire_enum;
use crate::IntentStatus;

wire_enum! {
    /// What may happen to an intent (docs/spec.md §6), by its wire name.
    pub enum Event {
        /// Quote an intent: [`IntentRecord::quote`](crate::IntentRecord::quote).
        Quote = "quote",
        /// Commit the quoted intent: [`EventInput::Commit`](crate::EventInput::Commit).
        Commit = "commit",
        /// Start execution: [`EventInput::Execute`](crate::EventInput::Execute).
        Execute = "execute",
        /// Record a failed execution: [`EventInput::Fail`](crate::EventInput::Fail).
        Fail = "fail",
        /// Record a successful execution: [`EventInput::Succeed`](crate::EventInput::Succeed).
        Succeed = "succeed",
        /// Abort before execution: [`EventInput::Abort`](crate::EventInput::Abort).
        Abort = "abort",
        /// Abort after the execution window: [`EventInput::Expire`](crate::EventInput::Expire).
        Expire = "expire",
        /// Record a refund: [`EventInput::Refund`](crate::EventInput::Refund).
        Refund = "refund",
        /// Take a replacement deposit: [`EventInput::Retry`](crate::EventInput::Retry).
        Retry = "retry",
    }
}

/// The statuses a lifecycle record can be in: the closed part of [`IntentStatus`], `Copy`,
/// so that the record and the table never clone or guard against a status kept as received.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Stage {
    Quoted,
    Committed,
    Executing,
    Failed,
    Succeeded,
    Aborted,
    Refunded,
}

impl Stage {
    /// Every stage, in the order of their declaration.
    pub(crate) const ALL: [Stage; 7] = [
        Stage::Quoted,
        Stage::Committed,
        Stage::Executing,
        Stage::Failed,
        Stage::Succeeded,
        Stage::Aborted,
        Stage::Refunded,
    ];

    /// The wire status.
    pub(crate) fn status(self) -> &'static IntentStatus {
        match self {
            Stage::Quoted => &IntentStatus::Quoted,
            Stage::Committed => &IntentStatus::Committed,
            Stage::Executing => &IntentStatus::Executing,
            Stage::Failed => &IntentStatus::Failed,
            Stage::Succeeded => &IntentStatus::Succeeded,
            Stage::Aborted => &IntentStatus::Aborted,
            Stage::Refunded => &IntentStatus::Refunded,
        }
    }

    /// The stage of a wire status, `None` for one no record is ever in.
    pub(crate) fn of(status: &IntentStatus) -> Option<Stage> {
        Some(match status {
            IntentStatus::Quoted => Stage::Quoted,
            IntentStatus::Committed => Stage::Committed,
            IntentStatus::Executing => Stage::Executing,
            IntentStatus::Failed => Stage::Failed,
            IntentStatus::Succeeded => Stage::Succeeded,
            IntentStatus::Aborted => Stage::Aborted,
            IntentStatus::Refunded => Stage::Refunded,
            IntentStatus::Invalid | IntentStatus::Other(_) => return None,
        })
    }

    /// Whether a record in this stage holds the request that started execution:
    /// `Some(true)` when every path of the table from the quote here passes through
    /// `execute`, `Some(false)` when none does, `None` when some do (REFUNDED follows
    /// FAILED, which executed, and ABORTED, which did not).
    pub(crate) fn executed(self) -> Option<bool> {
        match (self.changes_to(true).is_some(), self.changes_to(false).is_some()) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    }

    /// How many changes lead from the quote to this stage on the table's path that passes
    /// through `execute` (`executed`) or not; `None` when no such path exists.
    pub(crate) fn changes_to(self, executed: bool) -> Option<u64> {
        path_length(self, executed)
    }
}

/// The length of the shortest path of the table from the quote to `to` whose passing
/// through `execute` ends as `executed`. `retry` leads back to EXECUTING, so the table has
/// cycles: the search goes breadth first over the pairs of a stage and whether `execute`
/// was passed, level by level, and a shortest path visits no pair twice.
fn path_length(to: Stage, executed: bool) -> Option<u64> {
    let pair = |stage: Stage, through: bool| stage as usize * 2 + usize::from(through);
    let pairs = || Stage::ALL.into_iter().flat_map(|stage| [(stage, false), (stage, true)]);
    let mut reached = [false; 2 * Stage::ALL.len()];
    let mut level = reached;
    level[pair(Stage::Quoted, false)] = true;
    for length in 0..reached.len() as u64 {
        if level[pair(to, executed)] {
            return Some(length);
        }
        for (seen, now) in reached.iter_mut().zip(level) {
            *seen |= now;
        }
        let mut next = [false; 2 * Stage::ALL.len()];
        for (from, through) in pairs().filter(|&(from, through)| level[pair(from, through)]) {
            for event in Event::ALL {
                if let Some(stage) = event.next(Some(from)) {
                    let to = pair(stage, through || event == Event::Execute);
                    next[to] |= !reached[to];
                }
            }
        }
        level = next;
    }
    None
}

impl Event {
    /// Every event, in the order of docs/spec.md §6.
    pub const ALL: [Event; 9] = [
        Event::Quote,
        Event::Commit,
        Event::Execute,
        Event::Fail,
        Event::Succeed,
        Event::Abort,
        Event::Expire,
        Event::Refund,
        Event::Retry,
    ];

    /// The transition table of docs/spec.md §6: the status after this event from `from` (`None`
    /// before a quote), or `None` when the event is an `INVALID_TRANSITION` there. An
    /// allowed event can still fail on its operation's rules, leaving the status as it was.
    pub fn next_status(&self, from: Option<&IntentStatus>) -> Option<IntentStatus> {
        let from = match from {
            Some(status) => Some(Stage::of(status)?),
            None => None,
        };
        self.next(from).map(|stage| stage.status().clone())
    }

    /// The table itself, over the closed stages.
    pub(crate) fn next(self, from: Option<Stage>) -> Option<Stage> {
        use Stage as S;
        match (self, from) {
            (Event::Quote, None) => Some(S::Quoted),
            (Event::Commit, Some(S::Quoted)) => Some(S::Committed),
            (Event::Execute, Some(S::Committed)) => Some(S::Executing),
            (Event::Fail, Some(S::Executing)) => Some(S::Failed),
            (Event::Succeed, Some(S::Executing)) => Some(S::Succeeded),
            (Event::Abort | Event::Expire, Some(S::Committed)) => Some(S::Aborted),
            (Event::Refund, Some(S::Failed | S::Aborted)) => Some(S::Refunded),
            (Event::Retry, Some(S::Executing | S::Failed)) => Some(S::Executing),
            _ => None,
        }
    }

    /// The `INVALID_TRANSITION` error of this event from `from` (`None` before a quote).
    pub fn invalid_transition(&self, from: Option<&IntentStatus>) -> Error {
        Error::new(Problem::InvalidTransition { from: from.cloned(), event: self.static_name() })
    }

    /// The wire name, borrowed for as long as the program runs: the variants are declared
    /// in the order of [`Event::NAMES`], so the discriminant indexes it.
    fn static_name(&self) -> &'static str {
        Event::NAMES[*self as usize]
    }
}
