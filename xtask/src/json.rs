//! A small JSON reader, enough for criterion's result files. xtask stays
//! free of dependencies so that it builds in a moment.

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// Any number.
    Number(f64),
    /// A string, escapes resolved.
    String(String),
    /// `[...]`
    Array(Vec<Value>),
    /// `{...}`, members in file order.
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(name, _)| name == key).map(|(_, value)| value),
            _ => None,
        }
    }

    /// The number, if this is one.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(number) => Some(*number),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }
}

/// Parses a whole JSON document.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut parser = Parser { bytes: text.as_bytes(), position: 0 };
    let value = parser.value(0)?;
    parser.skip_whitespace();
    if parser.position != parser.bytes.len() {
        return Err(parser.error("trailing characters"));
    }
    Ok(value)
}

/// Nesting deeper than this is refused rather than overflowing the stack.
const MAX_DEPTH: usize = 128;

struct Parser<'a> {
    bytes: &'a [u8],
    position: usize,
}

impl Parser<'_> {
    fn error(&self, what: &str) -> String {
        format!("invalid JSON at byte {}: {what}", self.position)
    }

    fn skip_whitespace(&mut self) {
        while self.bytes.get(self.position).is_some_and(u8::is_ascii_whitespace) {
            self.position += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_whitespace();
        self.bytes.get(self.position).copied()
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        if self.peek() == Some(byte) {
            self.position += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected `{}`", byte as char)))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Value::String),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.error("expected a value")),
        }
    }

    fn literal(&mut self, word: &str, value: Value) -> Result<Value, String> {
        if self.bytes[self.position..].starts_with(word.as_bytes()) {
            self.position += word.len();
            Ok(value)
        } else {
            Err(self.error("unknown literal"))
        }
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.position;
        while self.bytes.get(self.position).is_some_and(|b| b"+-.eE0123456789".contains(b)) {
            self.position += 1;
        }
        let text = std::str::from_utf8(&self.bytes[start..self.position]).unwrap_or_default();
        text.parse::<f64>().map(Value::Number).map_err(|_| self.error("bad number"))
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut bytes = Vec::new();
        loop {
            let Some(&byte) = self.bytes.get(self.position) else {
                return Err(self.error("unterminated string"));
            };
            self.position += 1;
            match byte {
                b'"' => break,
                b'\\' => {
                    let Some(&escape) = self.bytes.get(self.position) else {
                        return Err(self.error("unterminated escape"));
                    };
                    self.position += 1;
                    let resolved = match escape {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode_escape()?,
                        _ => return Err(self.error("unknown escape")),
                    };
                    bytes.extend_from_slice(resolved.encode_utf8(&mut [0; 4]).as_bytes());
                }
                _ => bytes.push(byte),
            }
        }
        String::from_utf8(bytes).map_err(|_| self.error("string is not UTF-8"))
    }

    /// The four hex digits after `\u`; a surrogate pair becomes one char,
    /// a lone surrogate the replacement character.
    fn unicode_escape(&mut self) -> Result<char, String> {
        let first = self.hex4()?;
        if (0xD800..0xDC00).contains(&first) && self.bytes[self.position..].starts_with(b"\\u") {
            self.position += 2;
            let second = self.hex4()?;
            let combined = 0x10000 + ((first - 0xD800) << 10) + (second.wrapping_sub(0xDC00) & 0x3FF);
            return Ok(char::from_u32(combined).unwrap_or(char::REPLACEMENT_CHARACTER));
        }
        Ok(char::from_u32(first).unwrap_or(char::REPLACEMENT_CHARACTER))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits =
            self.bytes.get(self.position..self.position + 4).ok_or_else(|| self.error("short \\u"))?;
        let text = std::str::from_utf8(digits).map_err(|_| self.error("bad \\u"))?;
        let code = u32::from_str_radix(text, 16).map_err(|_| self.error("bad \\u"))?;
        self.position += 4;
        Ok(code)
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.expect(b'[')?;
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.position += 1;
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            match self.peek() {
                Some(b',') => self.position += 1,
                Some(b']') => {
                    self.position += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("expected `,` or `]`")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.expect(b'{')?;
        let mut members = Vec::new();
        if self.peek() == Some(b'}') {
            self.position += 1;
            return Ok(Value::Object(members));
        }
        loop {
            self.skip_whitespace();
            let key = self.string()?;
            self.expect(b':')?;
            members.push((key, self.value(depth + 1)?));
            match self.peek() {
                Some(b',') => self.position += 1,
                Some(b'}') => {
                    self.position += 1;
                    return Ok(Value::Object(members));
                }
                _ => return Err(self.error("expected `,` or `}`")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criterion_estimates_parse() {
        let text = r#"{"mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1.5,"upper_bound":2.5},
            "point_estimate":2.0,"standard_error":0.1},"median":{"confidence_interval":{"confidence_level":0.95,
            "lower_bound":1.0,"upper_bound":3.0},"point_estimate":1.75e3,"standard_error":0.2},"slope":null}"#;
        let value = parse(text).unwrap();
        let median = value.get("median").and_then(|m| m.get("point_estimate")).and_then(Value::as_f64);
        assert_eq!(median, Some(1750.0));
        assert_eq!(value.get("slope"), Some(&Value::Null));
        assert_eq!(value.get("missing"), None);
    }

    #[test]
    fn strings_arrays_and_literals() {
        let value =
            parse(r#" {"id": "perft/\"kiwi\"\u00e9\ud83d\ude00", "list": [1, -2.5, true, false, [] , {}]} "#)
                .unwrap();
        assert_eq!(value.get("id").and_then(Value::as_str), Some("perft/\"kiwi\"é😀"));
        let expected = Value::Array(vec![
            Value::Number(1.0),
            Value::Number(-2.5),
            Value::Bool(true),
            Value::Bool(false),
            Value::Array(vec![]),
            Value::Object(vec![]),
        ]);
        assert_eq!(value.get("list"), Some(&expected));
    }

    #[test]
    fn broken_documents_are_errors() {
        let deep = "[".repeat(1000);
        for bad in ["", "{", "{\"a\" 1}", "[1,]", "\"abc", "tru", "{} x", "[1 2]", "\"\\q\"", deep.as_str()] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
