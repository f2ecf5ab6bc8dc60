//! A transformed file as the user wrote it: the original text, with only the
//! statements and items a transformation changed, and the code it added,
//! printed from the tree.
//!
//! A reviewer of a transformed legacy file should see a diff of the
//! transformed parts only: comments, macros (`NX/2`, not `64 / 2`) and
//! layout of everything else stay byte for byte (clang's Rewriter works the
//! same way, by edits on the original text). The unit of replacement is a
//! *chunk*: the whole lines of one item of a sequence (the file's items, or
//! a block's), merged with the items sharing a line with it. A changed
//! chunk holding one item whose frame is unchanged (a function's header, a
//! loop's header, a block's braces) is spliced inside, one level down;
//! otherwise it is replaced by its items printed from the tree, macros
//! expanded, indented as its first line was, and followed by the
//! `#define`s and `#undef`s the preprocessor executed inside it, which later
//! code may still need.
//!
//! Whenever the original text cannot be related to the tree line for line
//! (already preprocessed input, `#line` directives, a conditional directive
//! that a chunk would cut in two, an item ferry cannot place), the whole
//! file is printed from the tree instead ([`print_unit_as_user_file`]),
//! which is always correct, only less faithful; inside a function, the
//! enclosing chunk is printed instead.

use crate::ast::{Block, BlockItem, ExternalDecl, Stmt, StmtKind, TranslationUnit};
use crate::driver::ParsedFile;
use crate::output::print_unit_as_user_file;
use crate::printer::{print_block_item, print_external_decl};
use crate::span::Span;
use std::collections::HashMap;
use std::ops::Range;

/// The main file of `parsed` with `unit` (a transformed copy of its tree) in
/// place of its tree, keeping the original text of everything `unit` leaves
/// unchanged. Items `unit` adds carry the span of an item of the original,
/// or no span at all, as for [`print_unit_as_user_file`]; an unchanged
/// `unit` gives the file back byte for byte.
pub fn rewrite_user_file(parsed: &ParsedFile, unit: &TranslationUnit) -> String {
    splice(parsed, unit).unwrap_or_else(|| print_unit_as_user_file(parsed, unit, &|_| Vec::new()))
}

fn splice(parsed: &ParsedFile, unit: &TranslationUnit) -> Option<String> {
    let source = std::fs::read_to_string(&parsed.path).ok()?;
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    // Line markers or `#line` directives: the source map's lines are not the
    // file's.
    if lines.iter().any(|l| renumbers_lines(l)) {
        return None;
    }
    let mut splicer = Splicer {
        parsed,
        lines: &lines,
        edits: Vec::new(),
    };
    splicer.sequence(&parsed.unit.items, &unit.items, Level::File)?;
    let mut edits = splicer.edits;
    // Insertions before a chunk come before its replacement.
    edits.sort_by_key(|e| (e.lines.start, !e.lines.is_empty()));
    let mut out = String::with_capacity(source.len());
    let mut line = 0;
    for edit in edits {
        if edit.lines.start < line {
            return None;
        }
        out.extend(lines[line..edit.lines.start].iter().copied());
        out.push_str(&edit.text);
        line = edit.lines.end;
    }
    out.extend(lines[line..].iter().copied());
    Some(out)
}

/// Whole lines of the original (0-based) and what replaces them; an empty
/// range inserts before its line.
#[derive(Debug)]
struct Edit {
    lines: Range<usize>,
    text: String,
}

/// Whole lines of the original holding the original items `items` of a
/// sequence.
#[derive(Debug)]
struct Chunk {
    lines: Range<usize>,
    items: Range<usize>,
}

/// Where an item of the transformed sequence goes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Place {
    /// Printed as part of chunk `c`.
    In(usize),
    /// Printed right before chunk `c`.
    Before(usize),
    /// Printed right after chunk `c`.
    After(usize),
    /// Not printed: a header's declaration, which the header brings.
    Header,
    /// After the last chunk.
    End,
}

/// The file's items, or a block's (whose chunks must stay between its
/// braces, and which has no end to add items at).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Level {
    File,
    Block,
}

/// An item of a sequence: what splicing needs of it.
trait Item: PartialEq + Sized {
    /// From its first token (a statement's pragmas included) to its last.
    fn extent(&self) -> Span;
    fn is_function(&self) -> bool;
    /// Where the code proper starts, past labels: the replacement is
    /// indented as that line is.
    fn code_start(&self) -> u32 {
        self.extent().lo
    }
    /// Two function definitions with the same declarator.
    fn same_function(&self, _other: &Self) -> bool {
        false
    }
    /// The item printed at indentation zero, ending with a newline.
    fn print(&self) -> String;
    /// Splices a changed item whose frame is unchanged inside it; `None`
    /// when its frame changed too.
    fn splice_inside(splicer: &mut Splicer, original: &Self, changed: &Self) -> Option<()>;
}

impl Item for ExternalDecl {
    fn extent(&self) -> Span {
        self.span()
    }

    fn is_function(&self) -> bool {
        matches!(self, ExternalDecl::FunctionDef(_))
    }

    fn same_function(&self, other: &Self) -> bool {
        match (self, other) {
            (ExternalDecl::FunctionDef(a), ExternalDecl::FunctionDef(b)) => {
                a.declarator == b.declarator
            }
            _ => false,
        }
    }

    fn print(&self) -> String {
        let mut out = String::new();
        print_external_decl(&mut out, self);
        out
    }

    fn splice_inside(splicer: &mut Splicer, original: &Self, changed: &Self) -> Option<()> {
        let (ExternalDecl::FunctionDef(o), ExternalDecl::FunctionDef(t)) = (original, changed)
        else {
            return None;
        };
        let same_header = o.specifiers == t.specifiers
            && o.declarator == t.declarator
            && o.old_style_params == t.old_style_params;
        same_header.then_some(())?;
        splicer.block(&o.body, &t.body)
    }
}

impl Item for BlockItem {
    fn extent(&self) -> Span {
        match self {
            BlockItem::Declaration(d) => d.span(),
            BlockItem::Statement(s) => s.pragmas.iter().fold(s.span, |span, p| span.to(p.span)),
            BlockItem::Pragma(p) => p.span,
        }
    }

    fn is_function(&self) -> bool {
        false
    }

    fn code_start(&self) -> u32 {
        let BlockItem::Statement(s) = self else {
            return self.extent().lo;
        };
        let mut s: &Stmt = s;
        loop {
            match &s.kind {
                StmtKind::Labeled { body, .. }
                | StmtKind::Case { body, .. }
                | StmtKind::Default(body) => s = body,
                _ => return s.span.lo,
            }
        }
    }

    fn print(&self) -> String {
        print_block_item(self)
    }

    fn splice_inside(splicer: &mut Splicer, original: &Self, changed: &Self) -> Option<()> {
        let (BlockItem::Statement(o), BlockItem::Statement(t)) = (original, changed) else {
            return None;
        };
        (o.pragmas == t.pragmas).then_some(())?;
        splicer.statement(o, t)
    }
}

struct Splicer<'a> {
    parsed: &'a ParsedFile,
    lines: &'a [&'a str],
    edits: Vec<Edit>,
}

impl Splicer<'_> {
    /// Edits turning the original sequence `originals` into `items`.
    fn sequence<I: Item>(&mut self, originals: &[I], items: &[I], level: Level) -> Option<()> {
        let chunks = self.chunks(originals, level)?;
        let mut chunk_of = vec![None; originals.len()];
        for (c, chunk) in chunks.iter().enumerate() {
            for i in chunk.items.clone() {
                chunk_of[i] = Some(c);
            }
        }
        let original_of = align(originals, items);
        let mut matched = vec![false; originals.len()];
        for &o in original_of.iter().flatten() {
            matched[o] = true;
        }
        // An original that is gone: its chunk takes what replaces it.
        let mut gone = vec![false; chunks.len()];
        for (o, _) in matched.iter().enumerate().filter(|(_, m)| !**m) {
            gone[chunk_of[o]?] = true;
        }
        let places = places(&original_of, &chunk_of, &gone);
        let mut changed = gone;
        if level == Level::Block && places.contains(&Place::End) {
            return None;
        }
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); chunks.len()];
        for (t, place) in places.iter().enumerate() {
            if let Place::In(c) = *place {
                members[c].push(t);
                let same = original_of[t].is_some_and(|o| originals[o] == items[t]);
                changed[c] |= !same;
            }
        }
        let map = &self.parsed.source_map;
        let indent_of = |c: usize| -> String {
            match level {
                Level::File => String::new(),
                Level::Block => {
                    // The line where the first item's code starts (past its
                    // pragmas and labels).
                    let line = map
                        .locate(originals[chunks[c].items.start].code_start())
                        .line;
                    let first = (line as usize)
                        .checked_sub(1)
                        .and_then(|l| self.lines.get(l))
                        .map_or("", |l| l);
                    first[..first.len() - first.trim_start().len()].to_string()
                }
            }
        };
        let blank_at = |line: usize| self.lines.get(line).is_none_or(|l| l.trim().is_empty());
        for (c, chunk) in chunks.iter().enumerate() {
            let indent = indent_of(c);
            let before = print_at(items, &places, Place::Before(c), &indent, false);
            self.insert(chunk.lines.start, before);
            if changed[c] {
                self.replace(originals, items, chunk, &members[c], &original_of, &indent)?;
            }
            let after = print_at(
                items,
                &places,
                Place::After(c),
                &indent,
                blank_at(chunk.lines.end),
            );
            self.insert(chunk.lines.end, after);
        }
        let mut end = print_at(items, &places, Place::End, "", true);
        if !end.is_empty() {
            if self.lines.last().is_some_and(|l| !l.ends_with('\n')) {
                end.insert(0, '\n');
            }
            self.insert(self.lines.len(), end);
        }
        Some(())
    }

    /// Replaces the changed chunk `chunk` by its transformed items
    /// `members`, splicing inside its one item where it can.
    fn replace<I: Item>(
        &mut self,
        originals: &[I],
        items: &[I],
        chunk: &Chunk,
        members: &[usize],
        original_of: &[Option<usize>],
        indent: &str,
    ) -> Option<()> {
        if let ([t], 1) = (members, chunk.items.len())
            && original_of[*t] == Some(chunk.items.start)
        {
            let mark = self.edits.len();
            if I::splice_inside(self, &originals[chunk.items.start], &items[*t]).is_some() {
                return Some(());
            }
            self.edits.truncate(mark);
        }
        if !balanced_conditionals(&self.lines[chunk.lines.clone()]) {
            return None;
        }
        let mut text = String::new();
        for (k, &t) in members.iter().enumerate() {
            // Function definitions stand apart, as people write them.
            if k > 0 && items[t].is_function() && !text.ends_with("\n\n") {
                text.push('\n');
            }
            text.push_str(&indented(&items[t].print(), indent));
        }
        for directive in executed_directives(self.parsed, chunk.lines.clone()) {
            text.push_str(directive);
            text.push('\n');
        }
        self.edits.push(Edit {
            lines: chunk.lines.clone(),
            text,
        });
        Some(())
    }

    fn insert(&mut self, line: usize, text: String) {
        if !text.is_empty() {
            self.edits.push(Edit {
                lines: line..line,
                text,
            });
        }
    }

    fn block(&mut self, original: &Block, changed: &Block) -> Option<()> {
        (original.local_labels == changed.local_labels).then_some(())?;
        if original.items.is_empty() {
            return None;
        }
        self.sequence(&original.items, &changed.items, Level::Block)
    }

    /// A changed statement: spliced inside when only its body or branches
    /// changed.
    fn statement(&mut self, original: &Stmt, changed: &Stmt) -> Option<()> {
        use StmtKind::*;
        match (&original.kind, &changed.kind) {
            (Compound(o), Compound(t)) => self.block(o, t),
            (
                For {
                    init,
                    condition,
                    step,
                    body,
                },
                For {
                    init: init2,
                    condition: condition2,
                    step: step2,
                    body: body2,
                },
            ) if (init, condition, step) == (init2, condition2, step2) => self.body(body, body2),
            (
                While { condition, body },
                While {
                    condition: condition2,
                    body: body2,
                },
            )
            | (
                DoWhile { body, condition },
                DoWhile {
                    body: body2,
                    condition: condition2,
                },
            )
            | (
                Switch { condition, body },
                Switch {
                    condition: condition2,
                    body: body2,
                },
            ) if condition == condition2 => self.body(body, body2),
            (
                If {
                    condition,
                    then_branch,
                    else_branch,
                },
                If {
                    condition: condition2,
                    then_branch: then2,
                    else_branch: else2,
                },
            ) if condition == condition2 => {
                self.body(then_branch, then2)?;
                match (else_branch, else2) {
                    (Some(o), Some(t)) => self.body(o, t),
                    (None, None) => Some(()),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The body of a loop or a branch of an `if`: a block spliced inside,
    /// or a statement on lines of its own replaced.
    fn body(&mut self, original: &Stmt, changed: &Stmt) -> Option<()> {
        if original == changed {
            return Some(());
        }
        if let (StmtKind::Compound(o), StmtKind::Compound(t)) = (&original.kind, &changed.kind) {
            return self.block(o, t);
        }
        self.sequence(
            &[BlockItem::Statement(original.clone())],
            &[BlockItem::Statement(changed.clone())],
            Level::Block,
        )
    }

    /// The chunks of the main file's items of a sequence, in order; `None`
    /// where an item cannot be given lines of its own.
    fn chunks<I: Item>(&self, originals: &[I], level: Level) -> Option<Vec<Chunk>> {
        let parsed = self.parsed;
        let map = &parsed.source_map;
        let main = map.main_file();
        let mut chunks: Vec<Chunk> = Vec::new();
        for (i, item) in originals.iter().enumerate() {
            let span = item.extent();
            if !parsed.in_main_file(span) {
                if level == Level::Block {
                    return None;
                }
                continue;
            }
            let first = map.locate(span.lo);
            let last = map.locate(span.hi.saturating_sub(1).max(span.lo));
            let placed = first.file == main
                && last.file == main
                && first.line > 0
                && last.line >= first.line
                && last.line as usize <= self.lines.len();
            placed.then_some(())?;
            let range = first.line as usize - 1..last.line as usize;
            match chunks.last_mut() {
                // Sharing a line with the chunk before (or reaching back into
                // it: `int a; int b;`, or one macro invocation expanding to
                // both).
                Some(previous) if range.start < previous.lines.end => {
                    previous.lines.end = previous.lines.end.max(range.end);
                    previous.items.end = i + 1;
                }
                _ => chunks.push(Chunk {
                    lines: range,
                    items: i..i + 1,
                }),
            }
        }
        // Inside braces, a chunk's lines hold nothing but its items.
        if level == Level::Block {
            let alone = chunks.iter().all(|chunk| {
                let items = &originals[chunk.items.clone()];
                let lo = items.iter().map(|i| i.extent().lo).min();
                let hi = items.iter().map(|i| i.extent().hi).max();
                lo.zip(hi).is_some_and(|(lo, hi)| self.alone(lo, hi))
            });
            alone.then_some(())?;
        }
        // A macro invocation spread over lines shows on its first line in
        // the preprocessed text: a chunk takes the lines of code right after
        // it, up to a directive or the next chunk (the enclosing block's
        // closing brace is on a line of its own, or some chunk is not alone).
        let limit = match level {
            Level::File => self.lines.len(),
            Level::Block => {
                let hi = originals.last()?.extent().hi;
                let after = map.locate(hi);
                (after.file == main).then_some(())?;
                // The line of the block's `}`: the first non-blank after the
                // last item.
                let text = self.parsed.text.get(hi as usize..)?;
                let offset = hi + (text.len() - text.trim_start().len()) as u32;
                let brace = map.locate(offset);
                (brace.file == main).then_some(())?;
                (brace.line as usize).checked_sub(1)?.min(self.lines.len())
            }
        };
        for c in 0..chunks.len() {
            let end = chunks.get(c + 1).map_or(limit, |n| n.lines.start);
            let kinds =
                line_kinds(&self.lines[chunks[c].lines.start..end.max(chunks[c].lines.end)]);
            let mut last = chunks[c].lines.end;
            for (k, kind) in kinds.iter().enumerate().skip(chunks[c].lines.len()) {
                match kind {
                    LineKind::Code => last = chunks[c].lines.start + k + 1,
                    LineKind::Blank => {}
                    LineKind::Directive => break,
                }
            }
            chunks[c].lines.end = last;
        }
        Some(chunks)
    }

    /// Whether the preprocessed text from `lo` to `hi` has its lines to
    /// itself: only blanks before `lo` on its line and after `hi` on its.
    fn alone(&self, lo: u32, hi: u32) -> bool {
        let text = &self.parsed.text;
        let (lo, hi) = (lo as usize, hi as usize);
        let (Some(before), Some(after)) = (text.get(..lo), text.get(hi..)) else {
            return false;
        };
        let line_before = &before[before.rfind('\n').map_or(0, |n| n + 1)..];
        let line_after = &after[..after.find('\n').unwrap_or(after.len())];
        line_before.trim().is_empty() && line_after.trim().is_empty()
    }
}

/// `text` with `indent` before each of its non-empty lines.
fn indented(text: &str, indent: &str) -> String {
    if indent.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if !line.trim().is_empty() {
            out.push_str(indent);
        }
        out.push_str(line);
    }
    out
}

/// The items at `place`, added ones, standing apart from the original text
/// around them as function definitions do; `blank_next` says whether the
/// original text that follows starts with a blank line.
fn print_at<I: Item>(
    items: &[I],
    places: &[Place],
    place: Place,
    indent: &str,
    blank_next: bool,
) -> String {
    let mut out = String::new();
    let mut last_is_function = false;
    for (item, _) in items.iter().zip(places).filter(|(_, p)| **p == place) {
        let is_function = item.is_function();
        if is_function && !matches!(place, Place::Before(_)) && !out.ends_with("\n\n") {
            out.push('\n');
        }
        out.push_str(&indented(&item.print(), indent));
        last_is_function = is_function;
    }
    if last_is_function && !blank_next {
        out.push('\n');
    }
    out
}

/// For each transformed item, the original item it stands for, in order;
/// the others were added. Added items carry the span of an original one (a
/// clone and its prototype that of the function they copy) or none, so
/// among the items with an original's span, the one standing for it is the
/// one equal to it, else the function definition with its declarator (a
/// transformed function), else the first. An original no item stands for
/// is gone.
fn align<I: Item>(originals: &[I], items: &[I]) -> Vec<Option<usize>> {
    let mut at_span: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    for (u, item) in items.iter().enumerate() {
        let span = item.extent();
        at_span.entry((span.lo, span.hi)).or_default().push(u);
    }
    let mut original_of = vec![None; items.len()];
    let mut t = 0;
    for (o, original) in originals.iter().enumerate() {
        let span = original.extent();
        let Some(candidates) = at_span.get(&(span.lo, span.hi)) else {
            continue;
        };
        let later = &candidates[candidates.partition_point(|&u| u < t)..];
        let chosen = later
            .iter()
            .find(|&&u| items[u] == *original)
            .or_else(|| later.iter().find(|&&u| items[u].same_function(original)))
            .or(later.first());
        if let Some(&chosen) = chosen {
            original_of[chosen] = Some(o);
            t = chosen + 1;
        }
    }
    original_of
}

/// Where each transformed item is printed. An item that stands for an
/// original is printed in its chunk. An added one goes with its
/// neighbours: inside a chunk when both are in it or when a changed chunk
/// lies between them (what replaces a statement that is gone), after the
/// item before it when that one is the main file's (a clone after the
/// function it copies), otherwise before the next item of the main file (a
/// prototype before its first use), otherwise at the end.
fn places(original_of: &[Option<usize>], chunk_of: &[Option<usize>], gone: &[bool]) -> Vec<Place> {
    let n = original_of.len();
    let chunk_at = |t: usize| original_of[t].and_then(|o| chunk_of[o]);
    let mut previous = None;
    let mut places = Vec::with_capacity(n);
    for t in 0..n {
        if original_of[t].is_some() {
            places.push(chunk_at(t).map_or(Place::Header, Place::In));
            previous = Some(t);
            continue;
        }
        let following = (t + 1..n).find(|&u| original_of[u].is_some());
        let before = previous.and_then(chunk_at);
        let after = following.and_then(chunk_at);
        let next_chunk = (t + 1..n).find_map(chunk_at);
        let from = before.map_or(0, |b| b + 1);
        let to = next_chunk.unwrap_or(gone.len());
        let gone_between = (from..to).find(|&c| gone[c]);
        places.push(match (before, after, gone_between) {
            (Some(b), Some(a), _) if a == b => Place::In(b),
            (_, _, Some(g)) => Place::In(g),
            (Some(b), _, _) => Place::After(b),
            (None, _, _) => next_chunk.map_or(Place::End, Place::Before),
        });
    }
    places
}

/// The `#define` and `#undef` lines the preprocessor executed on the main
/// file's lines `lines` (0-based).
fn executed_directives(parsed: &ParsedFile, lines: Range<usize>) -> impl Iterator<Item = &str> {
    let map = &parsed.source_map;
    map.macro_directives().iter().filter_map(move |d| {
        let at = map.locate(d.offset);
        let line = (at.line as usize).checked_sub(1)?;
        (at.file == map.main_file() && lines.contains(&line)).then_some(d.text.as_str())
    })
}

/// A line marker (`# 12 "file.h"`) or a `#line` directive.
fn renumbers_lines(line: &str) -> bool {
    let Some(rest) = directive(line) else {
        return false;
    };
    rest.starts_with(|c: char| c.is_ascii_digit())
        || rest
            .strip_prefix("line")
            .is_some_and(|r| r.starts_with(char::is_whitespace))
}

/// What follows the `#` of a preprocessing directive line.
fn directive(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    let rest = trimmed
        .strip_prefix('#')
        .or_else(|| trimmed.strip_prefix("%:"))?;
    Some(rest.trim_start())
}

/// Whether the conditional directives of `lines` open and close within
/// them: dropping them with the chunk then leaves the rest of the file's
/// conditionals intact.
fn balanced_conditionals(lines: &[&str]) -> bool {
    let mut depth = 0usize;
    for line in lines {
        let Some(rest) = directive(line) else {
            continue;
        };
        let word: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        match word.as_str() {
            "if" | "ifdef" | "ifndef" => depth += 1,
            "endif" => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            "else" | "elif" | "elifdef" | "elifndef" if depth == 0 => return false,
            _ => {}
        }
    }
    depth == 0
}

/// What a line of the original holds, for a chunk's extension.
#[derive(Debug, Clone, Copy, PartialEq)]
enum LineKind {
    /// Blanks and comments only.
    Blank,
    /// A preprocessing directive, or the continuation of one.
    Directive,
    /// Anything else.
    Code,
}

/// The kinds of `lines`, the first of which starts outside any comment.
fn line_kinds(lines: &[&str]) -> Vec<LineKind> {
    let mut kinds = Vec::with_capacity(lines.len());
    let mut in_comment = false;
    let mut continued_directive = false;
    for line in lines {
        if continued_directive || (!in_comment && directive(line).is_some()) {
            continued_directive = line.trim_end_matches(['\n', '\r']).ends_with('\\');
            kinds.push(LineKind::Directive);
            continue;
        }
        let bytes = line.as_bytes();
        let mut kind = LineKind::Blank;
        let mut i = 0;
        while i < bytes.len() {
            if in_comment {
                if bytes[i..].starts_with(b"*/") {
                    in_comment = false;
                    i += 2;
                } else {
                    i += 1;
                }
                continue;
            }
            if bytes[i..].starts_with(b"/*") {
                in_comment = true;
                i += 2;
                continue;
            }
            if bytes[i..].starts_with(b"//") {
                break;
            }
            if !bytes[i].is_ascii_whitespace() {
                kind = LineKind::Code;
                // A literal may hold comment openers.
                if let quote @ (b'"' | b'\'') = bytes[i] {
                    i += 1;
                    while i < bytes.len() && bytes[i] != quote {
                        i += if bytes[i] == b'\\' { 2 } else { 1 };
                    }
                }
            }
            i += 1;
        }
        kinds.push(kind);
    }
    kinds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_told_apart_outside_comments_and_literals() {
        use LineKind::*;
        let lines = [
            "int x = F(1,\n",
            "  2); /* a\n",
            "  comment */\n",
            "#define M(x) \\\n",
            "  { x\n",
            "   // just a comment\n",
            "\"/*\";\n",
            "  /* done */ y;\n",
        ];
        assert_eq!(
            line_kinds(&lines),
            [Code, Code, Blank, Directive, Directive, Blank, Code, Code]
        );
    }

    #[test]
    fn conditionals_must_close_where_they_open() {
        assert!(balanced_conditionals(&[
            "#if A\n", "x\n", "#else\n", "#endif\n"
        ]));
        assert!(!balanced_conditionals(&["#else\n", "#endif\n"]));
        assert!(!balanced_conditionals(&["  # ifdef B\n"]));
    }

    #[test]
    fn line_directives_and_markers_renumber() {
        assert!(renumbers_lines("# 1 \"x.c\"\n"));
        assert!(renumbers_lines("#line 40 \"parse.y\"\n"));
        assert!(!renumbers_lines("#include <stdio.h>\n"));
        assert!(!renumbers_lines("#linear\n"));
        assert!(!renumbers_lines("int a; # 1\n"));
    }

    #[test]
    fn added_items_go_with_their_neighbours() {
        // Originals 0 and 1 in chunks 0 and 1; a clone after 0, a prototype
        // before 1 with a header item between.
        let original_of = [Some(0), None, Some(2), None, Some(1)];
        let chunk_of = [Some(0), Some(1), None];
        let places = places(&original_of, &chunk_of, &[false, false]);
        assert_eq!(
            places,
            [
                Place::In(0),
                Place::After(0),
                Place::Header,
                Place::Before(1),
                Place::In(1)
            ]
        );
        // What replaces a statement that is gone takes its place.
        let places = places_of(&[Some(0), None, Some(2)], &[true, true, true]);
        assert_eq!(places, [Place::In(0), Place::In(1), Place::In(2)]);
    }

    fn places_of(original_of: &[Option<usize>], gone: &[bool]) -> Vec<Place> {
        let chunk_of: Vec<Option<usize>> = (0..gone.len()).map(Some).collect();
        let mut gone = gone.to_vec();
        gone[0] = false;
        gone[2] = false;
        places(original_of, &chunk_of, &gone)
    }
}
