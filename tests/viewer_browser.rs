//! The game viewer in a real browser: headless Chromium opens the page `taflcount view`
//! writes (from a `file://` URL, so nothing is fetched), steps through a recorded game
//! with key presses (→ forward, ← back, End, Home), and a screenshot of the board at a
//! chosen ply must equal, pixel for pixel (up to anti-aliasing: no colour channel off by
//! more than 24 of 255), a screenshot of the library's own SVG of that position
//! (`render::svg`, from the Rust replay of the game) in the same browser. A screenshot
//! one ply off must differ, so the comparison can fail. Then the page of a
//! `taflmatch --records` archive shows the engines of the chosen game and each engine's
//! results, read from the sidecar beside the archive.
//!
//! It drives Chromium over the DevTools protocol (a websocket, through `tungstenite`):
//! a `--screenshot` run cannot press keys, and the protocol gives both the key presses
//! and a screenshot clipped to the board. Chromium is not part of the repository
//! (Debian's `chromium` package; `.ci/run` installs it), so the test runs only when
//! `TAFLCOUNT_CHROMIUM` names the browser, and otherwise returns at once, saying why:
//!
//! ```text
//! apt-get install chromium
//! TAFLCOUNT_CHROMIUM=chromium cargo test --test viewer_browser -- --nocapture
//! ```

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use taflcount::game::Game;
use taflcount::notation::{parse_games, replay};
use taflcount::render::svg::svg;
use taflcount::render::Diagram;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

const ARCHIVE: &str = "fixtures/games/brandubh.csv";
/// Game 3 of the archive (15 plies, two captures on the way) at ply 7, just after
/// `f5-f4xe4`, so the board shows a capture and the last move.
const GAME: usize = 3;
const PLY: usize = 7;

/// A browser we started, killed (by its own handle) when the test ends.
struct Browser {
    child: Child,
    _profile: TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A folder of our own under the target directory, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One DevTools session on one page, commands answered in order.
struct Page {
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
}

impl Page {
    fn command(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            assert!(Instant::now() < deadline, "no answer to {method}");
            let reply = match self.socket.read().unwrap() {
                Message::Text(text) => serde_json::from_str::<Value>(text.as_str()).unwrap(),
                _ => continue,
            };
            if reply["id"] == json!(id) {
                if let Some(error) = reply.get("error") {
                    panic!("{method}: {error}");
                }
                return reply["result"].clone();
            }
        }
    }

    fn evaluate(&mut self, expression: &str) -> Value {
        let result = self.command(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        result["result"]["value"].clone()
    }

    /// Loads a URL and waits until the page is complete and `ready` is true.
    fn open(&mut self, url: &str, ready: &str) {
        self.command("Page.navigate", json!({"url": url}));
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.evaluate(&format!(
            "document.readyState === 'complete' && !!({ready})"
        )) != json!(true)
        {
            assert!(Instant::now() < deadline, "{url} did not load");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn press(&mut self, key: &str, code: u32) {
        for kind in ["keyDown", "keyUp"] {
            self.command(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code}),
            );
        }
    }

    /// How many pixels of two PNGs (base64) differ by more than `tolerance` in a colour
    /// channel, decoded and compared by the browser itself (a canvas of each), and the
    /// pixels compared. Chromium's anti-aliasing of a diagonal may differ by a level or
    /// two between two pages, so a byte-for-byte comparison of the files is too strict.
    fn differing_pixels(&mut self, a: &str, b: &str, tolerance: u8) -> (u64, u64) {
        let script = format!(
            r#"(async () => {{
  const load = (data) => new Promise((ok, fail) => {{
    const image = new Image(); image.onload = () => ok(image); image.onerror = fail;
    image.src = "data:image/png;base64," + data; }});
  const pixels = (image) => {{
    const canvas = document.createElement("canvas");
    canvas.width = image.width; canvas.height = image.height;
    const context = canvas.getContext("2d"); context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height); }};
  const [a, b] = [pixels(await load("{a}")), pixels(await load("{b}"))];
  if (a.width !== b.width || a.height !== b.height) return [-1, 0];
  let differ = 0;
  for (let i = 0; i < a.data.length; i += 4)
    for (let c = 0; c < 3; c++)
      if (Math.abs(a.data[i + c] - b.data[i + c]) > {tolerance}) {{ differ++; break; }}
  return [differ, a.width * a.height];
}})()"#
        );
        let result = self.command(
            "Runtime.evaluate",
            json!({"expression": script, "returnByValue": true, "awaitPromise": true}),
        );
        let value = &result["result"]["value"];
        let differ = value[0].as_i64().expect("two images of one size");
        assert!(differ >= 0, "the screenshots differ in size");
        (differ as u64, value[1].as_u64().unwrap())
    }

    /// The PNG (base64) of the element `selector`, clipped to its box.
    fn screenshot(&mut self, selector: &str) -> String {
        let rect = self.evaluate(&format!(
            "(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }})()"
        ));
        let clip =
            json!({"x": rect[0], "y": rect[1], "width": rect[2], "height": rect[3], "scale": 1});
        let shot = self.command(
            "Page.captureScreenshot",
            json!({"format": "png", "clip": clip}),
        );
        shot["data"].as_str().unwrap().to_string()
    }
}

fn launch(binary: &str) -> (Browser, Page) {
    let profile = TempDir::new("chromium-profile");
    let mut child = Command::new(binary)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--window-size=1000,800",
            "--remote-debugging-port=0",
            "--allow-file-access-from-files",
        ])
        .arg(format!("--user-data-dir={}", profile.0.display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("TAFLCOUNT_CHROMIUM={binary}: cannot start it: {e}"));
    // Chromium prints its DevTools address on stderr; a thread reads it (and drains the
    // rest) so a silent browser fails the test after a bound instead of hanging it.
    let stderr = child.stderr.take().unwrap();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(at) = line.find("ws://") {
                let _ = sender.send(line[at..].trim().to_string());
            }
        }
    });
    let browser = Browser {
        child,
        _profile: profile,
    };
    let address = receiver
        .recv_timeout(Duration::from_secs(60))
        .expect("Chromium printed no DevTools address within 60 s");
    let (socket, _) = tungstenite::connect(address.as_str()).unwrap();
    if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
    }
    let mut page = Page {
        socket,
        session: String::new(),
        next_id: 0,
    };
    let target = page.command("Target.createTarget", json!({"url": "about:blank"}));
    let attached = page.command(
        "Target.attachToTarget",
        json!({"targetId": target["targetId"], "flatten": true}),
    );
    page.session = attached["sessionId"].as_str().unwrap().to_string();
    page.command("Page.enable", json!({}));
    page.command("Runtime.enable", json!({}));
    (browser, page)
}

/// The page of the library's own SVG of game `GAME` at `ply`, the board placed at
/// (`x`, `y`) as the viewer places its own.
fn expected_page(dir: &Path, ply: usize, x: f64, y: f64) -> String {
    let game = Game::named("brandubh").unwrap();
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(ARCHIVE)).unwrap();
    let record = &parse_games(&text).unwrap()[GAME - 1];
    let played = replay(&game.tables, record).unwrap();
    let diagram = Diagram::after_move(
        &game.tables,
        &played.positions[ply - 1],
        played.moves[ply - 1],
    );
    let page = format!(
        "<!DOCTYPE html><html><body style=\"margin:0\"><div id=\"expected\" style=\"position:absolute;left:{x}px;top:{y}px\">{}</div></body></html>",
        svg(&diagram)
    );
    let path = dir.join(format!("expected-{ply}.html"));
    std::fs::write(&path, page).unwrap();
    format!("file://{}", path.display())
}

#[test]
fn the_viewer_steps_through_a_game_with_keys_and_draws_the_replayed_board() {
    let Some(binary) = std::env::var_os("TAFLCOUNT_CHROMIUM") else {
        eprintln!(
            "skipped: set TAFLCOUNT_CHROMIUM to a Chromium binary (Debian: apt-get install chromium) to run the browser test"
        );
        return;
    };
    let binary = binary.to_string_lossy().into_owned();
    let dir = TempDir::new("viewer-browser");
    let html = dir.0.join("view.html");
    let status = Command::new(env!("CARGO_BIN_EXE_taflcount"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["view", ARCHIVE, "--variant", "brandubh", "--html"])
        .arg(&html)
        .status()
        .unwrap();
    assert!(status.success());
    let page_text = std::fs::read_to_string(&html).unwrap();
    assert!(
        !page_text.contains("<script src") && !page_text.contains("<link"),
        "no outside file"
    );
    assert!(!page_text.contains("https://"), "no network address");

    let (_browser, mut page) = launch(&binary);
    page.open(
        &format!("file://{}#game={GAME}", html.display()),
        "document.body.dataset.ply",
    );
    assert_eq!(
        page.evaluate("document.body.dataset.game"),
        json!(GAME.to_string())
    );
    assert_eq!(page.evaluate("document.body.dataset.ply"), json!("0"));
    // Forward two past the chosen ply, back two: → and ← both step.
    for _ in 0..PLY + 2 {
        page.press("ArrowRight", 39);
    }
    page.press("ArrowLeft", 37);
    page.press("ArrowLeft", 37);
    assert_eq!(
        page.evaluate("document.body.dataset.ply"),
        json!(PLY.to_string())
    );
    assert_eq!(
        page.evaluate("document.querySelector('#moves li.current').textContent"),
        json!("f5-f4xe4")
    );
    let rect = page.evaluate("(() => { const r = document.getElementById('board').getBoundingClientRect(); return [r.x, r.y]; })()");
    let (x, y) = (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap());
    let viewer = page.screenshot("#board");
    // End and Home jump; the board at the end differs from the board at PLY.
    page.press("End", 35);
    assert_eq!(page.evaluate("document.body.dataset.ply"), json!("15"));
    page.press("Home", 36);
    assert_eq!(page.evaluate("document.body.dataset.ply"), json!("0"));

    page.open(
        &expected_page(&dir.0, PLY, x, y),
        "document.getElementById('expected')",
    );
    let expected = page.screenshot("#expected svg");
    page.open(
        &expected_page(&dir.0, PLY - 1, x, y),
        "document.getElementById('expected')",
    );
    let one_off = page.screenshot("#expected svg");
    // A level of 255 is one step of anti-aliasing; a piece, a mark or a square colour
    // changes a channel by far more.
    const TOLERANCE: u8 = 24;
    let (moved, total) = page.differing_pixels(&expected, &one_off, TOLERANCE);
    assert!(moved > 200, "plies 6 and 7 differ in {moved} of {total} pixels only: the comparison must tell them apart");
    let (differ, total) = page.differing_pixels(&viewer, &expected, TOLERANCE);
    if differ > 0 {
        let out = Path::new(env!("CARGO_TARGET_TMPDIR"));
        std::fs::write(out.join("viewer-board.png.b64"), &viewer).unwrap();
        std::fs::write(out.join("expected-board.png.b64"), &expected).unwrap();
        panic!(
            "the viewer's board at ply {PLY} differs from the library's SVG in {differ} of {total} pixels (both PNGs, base64, in {})",
            out.display()
        );
    }

    // A match's archive: the page shows who played each game, from the sidecar
    // taflmatch wrote beside it (pair 1: greedy attacks in game 1, random in game 2).
    let csv = dir.0.join("m.csv");
    let status = Command::new(env!("CARGO_BIN_EXE_taflmatch"))
        .args([
            "--variant",
            "brandub",
            "--engine",
            "greedy",
            "--engine",
            "random",
        ])
        .args(["--games", "2", "--records"])
        .arg(&csv)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let html = dir.0.join("m.html");
    let status = Command::new(env!("CARGO_BIN_EXE_taflcount"))
        .arg("view")
        .arg(&csv)
        .args(["--variant", "brandub", "--html"])
        .arg(&html)
        .status()
        .unwrap();
    assert!(status.success());
    page.open(
        &format!("file://{}#game=2", html.display()),
        "document.body.dataset.ply",
    );
    assert_eq!(
        page.evaluate("document.getElementById('engines').textContent"),
        json!("attackers: random, defenders: greedy")
    );
    assert_eq!(
        page.evaluate(
            "Array.from(document.querySelectorAll('#players td:first-child')).map(c => c.textContent).join(' ')"
        ),
        json!("greedy random")
    );
    assert!(page
        .evaluate("document.querySelector('#game option').textContent")
        .as_str()
        .unwrap()
        .starts_with("game 1 (greedy vs random, "));
}
