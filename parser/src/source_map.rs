//! From offsets in the preprocessed text back to the user's files.
//!
//! `cc -E` writes line markers (`# 12 "file.h" 1`) whenever the origin of the
//! following lines changes; they are all we need to give every token a file,
//! a line and a column. Columns are those of the preprocessed line: GCC keeps
//! the indentation and spacing of each source line, so they match the source
//! unless a macro expanded earlier on the same line.

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// A position in a user's file, 1-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: FileId,
    pub line: u32,
    pub column: u32,
}

/// Where an `#include` of the main file took effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncludeSite {
    /// Offset of the first preprocessed line coming from the included file.
    pub offset: u32,
    /// Line of the `#include` directive in the main file.
    pub line: u32,
}

/// A `#define` or `#undef` the preprocessor executed in the main file
/// (`cc -E -dD` keeps them in its output).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MacroDirective {
    pub offset: u32,
    pub text: String,
}

impl MacroDirective {
    pub fn is_undef(&self) -> bool {
        self.text[1..].trim_start().starts_with("undef")
    }
}

#[derive(Debug)]
struct Marker {
    /// Index of that line among the preprocessed lines.
    pp_line: u32,
    file: FileId,
    line: u32,
    /// How many `#include`s deep the lines are: 0 for the main file, also
    /// where a `#line` directive renames it (Bison and yacc output).
    depth: u32,
}

#[derive(Debug)]
pub struct SourceMap {
    files: Vec<String>,
    line_starts: Vec<u32>,
    markers: Vec<Marker>,
    includes: Vec<IncludeSite>,
    macros: Vec<MacroDirective>,
    main: FileId,
}

impl SourceMap {
    /// Reads the line markers of `text`; `main_name` is the name GCC gives the
    /// main file in them (the path as passed on its command line).
    pub fn new(text: &str, main_name: &str) -> SourceMap {
        let mut map = SourceMap {
            files: Vec::new(),
            line_starts: Vec::new(),
            markers: Vec::new(),
            includes: Vec::new(),
            macros: Vec::new(),
            main: FileId(0),
        };
        map.main = map.file_id(main_name);
        let builtin = [map.file_id("<built-in>"), map.file_id("<command-line>")];
        let mut depth = 0u32;
        let mut offset = 0usize;
        for (index, line) in text.split_inclusive('\n').enumerate() {
            map.line_starts.push(offset as u32);
            let in_main = depth == 0 && map.current_file().is_some_and(|f| !builtin.contains(&f));
            if is_macro_directive(line) && in_main {
                map.macros.push(MacroDirective {
                    offset: offset as u32,
                    text: line.trim_end().to_owned(),
                });
            }
            if let Some((line_no, name, flags)) = parse_line_marker(line) {
                let file = map.file_id(&name);
                let next_offset = (offset + line.len()) as u32;
                let entering = flags.contains(&1);
                let returning = flags.contains(&2);
                if entering && in_main {
                    let include_line = map.location_at_line(index as u32).map(|l| l.1);
                    if let Some(line) = include_line {
                        map.includes.push(IncludeSite {
                            offset: next_offset,
                            line,
                        });
                    }
                }
                if entering {
                    depth += 1;
                }
                if returning {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        // The directive sat on the line before the one we return to.
                        if let Some(site) = map.includes.last_mut() {
                            site.line = line_no.saturating_sub(1);
                        }
                    }
                }
                map.markers.push(Marker {
                    pp_line: index as u32 + 1,
                    file,
                    line: line_no,
                    depth,
                });
            }
            offset += line.len();
        }
        map
    }

    fn file_id(&mut self, name: &str) -> FileId {
        if let Some(i) = self.files.iter().position(|f| f == name) {
            return FileId(i as u32);
        }
        self.files.push(name.to_owned());
        FileId(self.files.len() as u32 - 1)
    }

    fn current_file(&self) -> Option<FileId> {
        self.markers.last().map(|m| m.file)
    }

    /// File and line of the preprocessed line `pp_line` (0-based), from the markers seen so far.
    fn location_at_line(&self, pp_line: u32) -> Option<(FileId, u32)> {
        let i = self.markers.partition_point(|m| m.pp_line <= pp_line);
        let marker = self.markers.get(i.checked_sub(1)?)?;
        Some((marker.file, marker.line + (pp_line - marker.pp_line)))
    }

    pub fn main_file(&self) -> FileId {
        self.main
    }

    pub fn file_name(&self, file: FileId) -> &str {
        &self.files[file.0 as usize]
    }

    /// The `#include` directives of the main file that the preprocessor took, in order.
    pub fn include_sites(&self) -> &[IncludeSite] {
        &self.includes
    }

    /// The `#define`/`#undef` directives executed in the main file, in order.
    pub fn macro_directives(&self) -> &[MacroDirective] {
        &self.macros
    }

    pub fn locate(&self, offset: u32) -> Location {
        let pp_line = self
            .line_starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let column = offset - self.line_starts.get(pp_line).copied().unwrap_or(0) + 1;
        match self.location_at_line(pp_line as u32) {
            Some((file, line)) => Location { file, line, column },
            None => Location {
                file: self.main,
                line: pp_line as u32 + 1,
                column,
            },
        }
    }

    /// Whether `offset` lies in code of the main file (not of a header it
    /// includes, nor of the compiler's predefined text).
    pub fn in_main_file(&self, offset: u32) -> bool {
        let pp_line = self
            .line_starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1) as u32;
        let i = self.markers.partition_point(|m| m.pp_line <= pp_line);
        match i.checked_sub(1).and_then(|i| self.markers.get(i)) {
            Some(marker) => {
                marker.depth == 0 && !self.files[marker.file.0 as usize].starts_with('<')
            }
            None => true,
        }
    }

    /// The text of the preprocessed line holding `offset`, for diagnostics.
    pub fn line_text<'t>(&self, text: &'t str, offset: u32) -> &'t str {
        let pp_line = self
            .line_starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.line_starts.get(pp_line).copied().unwrap_or(0) as usize;
        let rest = text.get(start..).unwrap_or("");
        rest.split('\n').next().unwrap_or("").trim_end_matches('\r')
    }
}

fn is_macro_directive(line: &str) -> bool {
    line.strip_prefix('#')
        .map(|rest| {
            let rest = rest.trim_start();
            rest.starts_with("define ") || rest.starts_with("undef ")
        })
        .unwrap_or(false)
}

/// `# 12 "name" 1 3` -> (12, name, [1, 3]); also `#line 12 "name"`.
fn parse_line_marker(line: &str) -> Option<(u32, String, Vec<u32>)> {
    let rest = line.strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits_end = rest.find(|c: char| !c.is_ascii_digit())?;
    if digits_end == 0 {
        return None;
    }
    let line_no: u32 = rest[..digits_end].parse().ok()?;
    let rest = rest[digits_end..].trim_start();
    let rest = rest.strip_prefix('"')?;
    let mut name = String::new();
    let mut chars = rest.char_indices();
    let mut end = None;
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                if let Some((_, escaped)) = chars.next() {
                    name.push(escaped);
                }
            }
            '"' => {
                end = Some(i + 1);
                break;
            }
            _ => name.push(c),
        }
    }
    let flags = rest[end?..]
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    Some((line_no, name, flags))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# 1 \"m.c\"\n# 1 \"<built-in>\"\n# 1 \"m.c\"\n# 1 \"h.h\" 1\nint h;\n# 3 \"m.c\" 2\n\nint  x;\n";

    #[test]
    fn locates_tokens_in_their_files() {
        let map = SourceMap::new(TEXT, "m.c");
        let h = TEXT.find("int h").unwrap() as u32;
        let loc = map.locate(h);
        assert_eq!(map.file_name(loc.file), "h.h");
        assert_eq!((loc.line, loc.column), (1, 1));
        let x = TEXT.find('x').unwrap() as u32;
        let loc = map.locate(x);
        assert_eq!(loc.file, map.main_file());
        assert_eq!((loc.line, loc.column), (4, 6));
    }

    #[test]
    fn records_the_include_line() {
        let map = SourceMap::new(TEXT, "m.c");
        assert_eq!(map.include_sites().len(), 1);
        assert_eq!(map.include_sites()[0].line, 2);
    }
}
