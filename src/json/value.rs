//! The generic JSON value as a tree borrowing from its document, for walking two values
//! side by side (the diff). Unknown members are not kept as trees: their canonical form is
//! written while reading ([`super::canonical_value`]).

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::key_order::compare_keys;
use super::number::f64_from_number_text;
use super::reader::{Reader, Token};
use crate::error::{Error, Problem};

/// A parsed JSON value borrowing from its document. Object members are sorted by key
/// in canonical order ([`compare_keys`]: UTF-16 code units) and unique.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Json<'a> {
    Null,
    Bool(bool),
    /// The number's text as written; checked to have a canonical form.
    Number(&'a str),
    String(Cow<'a, str>),
    Array(Vec<Json<'a>>),
    Object(Vec<(Cow<'a, str>, Json<'a>)>),
}

/// Whether a number's text is an integer literal (no fraction, no exponent), which the
/// canonical form keeps exactly instead of going through `f64`.
pub(crate) fn is_integer_literal(text: &str) -> bool {
    !text.contains(['.', 'e', 'E'])
}

impl<'a> Json<'a> {
    /// Reads one value, enforcing the reader's limits.
    pub(crate) fn read(r: &mut Reader<'a>) -> Result<Self, Error> {
        match r.peek()? {
            Token::Null => r.take_null().map(|_| Json::Null),
            Token::Bool => r.read_bool().map(Json::Bool),
            Token::Number => {
                let text = r.read_number_text(Problem::InvalidType { expected: "a number" })?;
                if !is_integer_literal(text) {
                    f64_from_number_text(text)?;
                }
                Ok(Json::Number(text))
            }
            Token::String => r.read_str(Problem::InvalidType { expected: "a string" }).map(Json::String),
            Token::Array => {
                r.begin_array("an array")?;
                let mut elements = Vec::new();
                let mut first = true;
                while r.next_element(first)? {
                    first = false;
                    if elements.len() == r.limits().max_array_len {
                        return Err(Error::new(Problem::LimitExceeded {
                            what: "array elements",
                            limit: r.limits().max_array_len,
                        }));
                    }
                    let index = elements.len();
                    elements.push(Json::read(r).map_err(|e| e.in_element(index))?);
                }
                Ok(Json::Array(elements))
            }
            Token::Object => {
                r.begin_object("an object")?;
                let mut members: Vec<(Cow<'a, str>, Json<'a>)> = Vec::new();
                let mut first = true;
                while let Some(key) = r.next_key(first)? {
                    first = false;
                    let value = Json::read(r).map_err(|e| e.in_member(&key))?;
                    members.push((key, value));
                }
                members.sort_unstable_by(|a, b| compare_keys(&a.0, &b.0));
                if let Some(pair) = members.windows(2).find(|pair| pair[0].0 == pair[1].0) {
                    return Err(Error::new(Problem::InvalidJson("duplicate member")).in_member(&pair[0].0));
                }
                Ok(Json::Object(members))
            }
        }
    }
}
