//! The board renderer on every catalog variant: the text diagram and the SVG are
//! reviewed snapshots (`snapshots/render_*`), the SVG parses as XML, and it holds one
//! `piece` element per piece of the variant's start record, on the record's square.
//! Every board size from 5x5 to 19x19 and every one of the twelve piece types is drawn.

use std::collections::BTreeSet;
use taflcount::board::{Layout, Piece, PieceKind, RecordOrder, Side, Square};
use taflcount::game::Game;
use taflcount::render::svg::{size, svg};
use taflcount::render::text::{text, TextStyle};
use taflcount::render::{Diagram, Tone};
use taflcount::rules::catalog;

/// The `(square, letter)` of every `piece` element of an SVG document, read with an XML
/// parser (so a malformed document fails here).
fn pieces_of_svg(svg_text: &str) -> Vec<(String, String)> {
    let document = roxmltree::Document::parse(svg_text).expect("the SVG is well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    document
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece"))
        .map(|n| {
            assert_eq!(n.tag_name().name(), "use", "one <use> per piece");
            (
                n.attribute("data-square").unwrap().to_string(),
                n.attribute("data-piece").unwrap().to_string(),
            )
        })
        .collect()
}

/// The `(square, letter)` pairs of an OTN record, read character by character here
/// rather than through `Layout`, top rank first for `starti`.
fn pieces_of_record(rules: &str) -> BTreeSet<(String, String)> {
    let start = rules
        .split_whitespace()
        .find_map(|w| {
            w.strip_prefix("start:")
                .map(|r| (r, false))
                .or(w.strip_prefix("starti:").map(|r| (r, true)))
        })
        .unwrap();
    let rows: Vec<&str> = start.0.trim_matches('/').split('/').collect();
    let dim = rows.len();
    let mut out = BTreeSet::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = if start.1 { dim - i } else { i + 1 };
        let mut file = 0usize;
        let mut run = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                run.push(c);
                continue;
            }
            if !run.is_empty() {
                file += run.parse::<usize>().unwrap();
                run.clear();
            }
            out.insert((
                format!("{}{rank}", (b'a' + file as u8) as char),
                c.to_string(),
            ));
            file += 1;
        }
    }
    out
}

fn snapshot(name: &str, content: &str) {
    insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!(name, content);
    });
}

#[test]
fn every_catalog_variant_draws_its_start_as_text_and_svg() {
    for variant in catalog::VARIANTS {
        let game = Game::named(variant.name).unwrap();
        let rules_text = game.rules.to_string();
        let diagram = Diagram::new(
            game.rules.start.clone(),
            &game.rules,
            Some(game.rules.first_side()),
        );
        let svg_text = svg(&diagram);
        let drawn: Vec<(String, String)> = pieces_of_svg(&svg_text);
        let expected = pieces_of_record(&rules_text);
        assert_eq!(
            drawn.len(),
            expected.len(),
            "{}: one element per piece",
            variant.name
        );
        assert_eq!(
            drawn.into_iter().collect::<BTreeSet<_>>(),
            expected,
            "{}",
            variant.name
        );
        let diagram_text = text(&diagram, TextStyle::default());
        assert_eq!(
            diagram_text
                .lines()
                .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
                .count(),
            game.rules.dim,
            "{}: one line per rank",
            variant.name
        );
        snapshot(&format!("render_text_{}", variant.name), &diagram_text);
        snapshot(&format!("render_svg_{}", variant.name), &svg_text);
    }
}

/// Every size from 5x5 to 19x19, with the twelve piece types placed along the first
/// ranks, marks included: well-formed, the right size, every piece drawn. The rules are
/// Alea Evangelii's (19x19): their special squares off a smaller board are left out.
#[test]
fn every_board_size_and_every_piece_type_draws() {
    let game = Game::named("alea-evangelii").unwrap();
    let types: Vec<Piece> = Side::BOTH
        .into_iter()
        .flat_map(|side| {
            PieceKind::ALL
                .into_iter()
                .map(move |kind| Piece { side, kind })
        })
        .collect();
    for dim in 5..=19 {
        let mut layout = Layout::empty(dim);
        for (i, &piece) in types.iter().enumerate() {
            layout.set(Square::new(i % dim, i / dim), Some(piece));
        }
        let mut diagram = Diagram::new(layout, &game.rules, None);
        diagram.marks.last_move = Some((Square::new(0, dim - 1), Square::new(dim - 1, dim - 1)));
        diagram.marks.captured = vec![Square::new(1, dim - 1)];
        let diagram = diagram
            .with_highlights([Square::new(2, dim - 2)])
            .with_arrow(
                Square::new(0, 0),
                Square::new(0, dim - 1),
                Tone::Good,
                "good",
            )
            .with_arrow(Square::new(1, 0), Square::new(1, dim - 2), Tone::Bad, "bad");
        let svg_text = svg(&diagram);
        let drawn = pieces_of_svg(&svg_text);
        assert_eq!(drawn.len(), 12, "{dim}x{dim}");
        let letters: BTreeSet<String> = drawn.iter().map(|(_, l)| l.clone()).collect();
        assert_eq!(letters.len(), 12, "{dim}x{dim}: {letters:?}");
        let document = roxmltree::Document::parse(&svg_text).unwrap();
        let root = document.root_element();
        assert_eq!(
            root.attribute("viewBox"),
            Some(format!("0 0 {0} {0}", size(dim)).as_str())
        );
        let count = |class: &str| {
            document
                .descendants()
                .filter(|n| {
                    n.attribute("class")
                        .is_some_and(|c| c.split(' ').any(|w| w == class))
                })
                .count()
        };
        assert_eq!(count("square"), dim * dim);
        // Alea Evangelii's corners (its `cor:` list) and its throne, the centre j10: those
        // whose file and rank fit the smaller board remain.
        let expected = "a1 a2 b1 b2 a18 b18 a19 b19 r1 r2 s1 s2 r18 r19 s18 s19 j10"
            .split(' ')
            .filter(|name| {
                let file = (name.as_bytes()[0] - b'a') as usize;
                let rank: usize = name[1..].parse().unwrap();
                file < dim && rank <= dim
            })
            .count();
        assert_eq!(count("special-square"), expected, "{dim}x{dim}");
        assert_eq!(count("arrow"), 2);
        assert_eq!(count("captured"), 1);
        assert_eq!(count("highlight"), 1);
        assert_eq!(count("last"), 2);
        // Every `href` names a symbol the document defines.
        for node in document.descendants().filter(|n| n.has_tag_name("use")) {
            let id = node.attribute("href").unwrap().trim_start_matches('#');
            assert!(
                document
                    .descendants()
                    .any(|n| n.attribute("id") == Some(id)),
                "{id}"
            );
        }
        let diagram_text = text(&diagram, TextStyle::default());
        let ranks: Vec<&str> = diagram_text.lines().skip(1).take(dim).collect();
        assert!(
            ranks[0].starts_with(&format!("{dim:>2} ")),
            "{diagram_text}"
        );
        assert!(ranks[dim - 1].starts_with(" 1 "), "{diagram_text}");
        // The twelve characters of the twelve types, each once.
        for piece in &types {
            let c = taflcount::render::piece_glyph(*piece).character;
            assert_eq!(
                diagram_text.matches(c).count(),
                2,
                "{c} on the board and in the legend, {dim}x{dim}:\n{diagram_text}"
            );
        }
    }
}

/// The one snapshot with all twelve types and every mark, for review by eye.
#[test]
fn all_piece_types_and_marks_snapshot() {
    let game = Game::named("brandub").unwrap();
    let layout = Layout::parse("/tcnkmg1/TCNKMG1/7/7/7/7/7/", RecordOrder::RankOneFirst).unwrap();
    let mut diagram = Diagram::new(layout, &game.rules, Some(Side::Defenders));
    diagram.marks.last_move = Some(("g1".parse().unwrap(), "g3".parse().unwrap()));
    diagram.marks.captured = vec!["f3".parse().unwrap()];
    let diagram = diagram
        .with_highlights(["d2".parse().unwrap()])
        .with_arrow(
            "d2".parse().unwrap(),
            "d6".parse().unwrap(),
            Tone::Good,
            "expected",
        )
        .with_arrow(
            "d2".parse().unwrap(),
            "g2".parse().unwrap(),
            Tone::Bad,
            "played",
        );
    snapshot(
        "render_text_all_pieces",
        &text(&diagram, TextStyle::default()),
    );
    snapshot("render_svg_all_pieces", &svg(&diagram));
}

/// One illegal position of each condition (the hand-worked ones of
/// `tests/legal_positions.rs`), drawn with the squares its condition turns on: the text
/// and the SVG are reviewed snapshots, and the SVG outlines exactly those squares.
#[test]
fn illegal_positions_are_drawn_with_the_squares_of_their_condition() {
    use taflcount::complexity::legal::Prepared;
    let cases = [
        ("brandub", "/1tK4/1T5/7/7/7/7/7/", Side::Defenders, "b7"),
        (
            "brandub",
            "/7/7/7/tT5/Kt5/tT5/7/",
            Side::Attackers,
            "b2 b3 b4",
        ),
        ("brandub", "/K6/7/3t3/7/7/7/7/", Side::Defenders, "a7"),
        (
            "brandub",
            "/1tTt1K1/3t3/7/1t3t1/1T2TT1/2tt1t1/7/",
            Side::Attackers,
            "b7 c7",
        ),
        (
            "foteviken-tablut",
            "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/9/4T4/3ttt3/",
            Side::Attackers,
            "e2",
        ),
    ];
    for (variant, record, side, squares) in cases {
        let game = Game::named(variant).unwrap();
        let prepared = Prepared::new(&game.rules).unwrap();
        let layout = Layout::parse(record, RecordOrder::TopRankFirst).unwrap();
        let found = prepared.explain(&layout, side).unwrap().expect("illegal");
        let diagram =
            Diagram::new(layout, &game.rules, Some(side)).with_highlights(found.squares.iter());
        let svg_text = svg(&diagram);
        let document = roxmltree::Document::parse(&svg_text).unwrap();
        let mut outlined: Vec<&str> = document
            .descendants()
            .filter(|n| n.attribute("class") == Some("highlight"))
            .map(|n| n.attribute("data-square").unwrap())
            .collect();
        outlined.sort();
        assert_eq!(outlined.join(" "), squares, "{}", found.reason.key());
        let diagram_text = text(&diagram, TextStyle::default());
        assert!(
            diagram_text.contains(&format!("marked [ ] {squares}\n")),
            "{diagram_text}"
        );
        let key = found.reason.key();
        snapshot(&format!("render_text_illegal_{key}"), &diagram_text);
        snapshot(&format!("render_svg_illegal_{key}"), &svg_text);
    }
}
