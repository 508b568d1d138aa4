//! Empty: the checks are in `tests/`.
