//! Tag pairs, `[Name "value"]`: PGN's one quoted string, with `\"` and
//! `\\` escapes.

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
            '\\' => value.push(chars.next()?),
            '"' => break,
            c => value.push(c),
        }
    }
    let rest = chars.as_str().trim_start().strip_prefix(']')?;
    (!name.is_empty()).then_some((name, value, rest))
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
    }

    #[test]
    fn malformed_tags_are_refused() {
        for bad in [
            r#"[Event "open"#,
            r#"[Event open"]"#,
            r#"[ "no name"]"#,
            r#"[Event "x""#,
            r#"[Event "x\"]"#,
            "Event",
        ] {
            assert_eq!(parse_tag(bad), None, "{bad}");
        }
    }
}
