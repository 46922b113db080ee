//! Tag pairs, `[Name "value"]`: PGN's one quoted string, with `\"` and
//! `\\` escapes; leniently, a backslash before anything else is itself,
//! and a `"` not followed by the `]` is part of the value (some writers
//! do not escape).

/// `[Name "value"]` at the start of `text`: the name, the unescaped value
/// and what follows the `]`.
pub(super) fn parse_tag(text: &str) -> Option<(&str, String, &str)> {
    let rest = text.strip_prefix('[')?.trim_start();
    let name_end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
    let (name, rest) = rest.split_at(name_end);
    let mut chars = rest.trim_start().strip_prefix('"')?.chars();
    let mut value = String::new();
    loop {
        match chars.next()? {
            '\\' if chars.as_str().starts_with(['"', '\\']) => value.push(chars.next()?),
            // Some writers do not escape quotes: a `"` is the end only
            // where the `]` follows it.
            '"' => match chars.as_str().trim_start().strip_prefix(']') {
                Some(rest) => return (!name.is_empty()).then_some((name, value, rest)),
                None => value.push('"'),
            },
            c => value.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_tag;

    #[test]
    fn values_are_unescaped_and_the_rest_is_returned() {
        assert_eq!(
            parse_tag(r#"[Event "a \"b\" \\ c"] rest"#),
            Some(("Event", r#"a "b" \ c"#.to_string(), " rest"))
        );
        assert_eq!(parse_tag(r#"[ White   "x" ]"#), Some(("White", "x".to_string(), "")));
        assert_eq!(parse_tag(r#"[Empty ""]"#), Some(("Empty", String::new(), "")));
        assert_eq!(parse_tag(r#"[Site "a]b"]"#).map(|tag| tag.1), Some("a]b".to_string()));
        // Unescaped, as some writers leave them.
        assert_eq!(
            parse_tag(r#"[Event "Test "0" \ x"]"#).map(|tag| tag.1),
            Some(r#"Test "0" \ x"#.to_string())
        );
        assert_eq!(parse_tag(r#"[A "x"] [B "y"]"#), Some(("A", "x".to_string(), r#" [B "y"]"#)));
    }

    #[test]
    fn malformed_tags_are_refused() {
        for bad in [
            r#"[Event "open"#,
            r#"[Event open"]"#,
            r#"[ "no name"]"#,
            r#"[Event "x""#,
            r#"[Event "x\"]"#,
            r#"[Event "x" y]"#,
            "Event",
        ] {
            assert_eq!(parse_tag(bad), None, "{bad}");
        }
    }
}
