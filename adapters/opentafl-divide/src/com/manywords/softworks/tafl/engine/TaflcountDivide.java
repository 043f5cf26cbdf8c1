/*
 * taflperft's `--against` divide protocol (docs/perft-against.md in taflcount), answered
 * by OpenTafl's own rules engine: its RulesSerializer reads the OTN rules, its GameState
 * generates the moves (Taflman.getAllowableDestinations), plays them (moveTaflman, then
 * Game.advanceState, the path OpenTafl's AI takes) and ends games (GameState.checkVictory).
 *
 * usage: TaflcountDivide DEPTH "OTN RULES" "POSITION RECORD" SIDE "MOVES"
 *
 * The class lives in OpenTafl's package com.manywords.softworks.tafl.engine because
 * GameState.moveTaflman, the move without the bookkeeping of a played game, is protected.
 * This file is taflcount's (MIT); it is compiled against OpenTafl's jar and never ships
 * with it (see README.md beside it for OpenTafl's licence).
 */
package com.manywords.softworks.tafl.engine;

import com.manywords.softworks.tafl.notation.RulesSerializer;
import com.manywords.softworks.tafl.rules.Coord;
import com.manywords.softworks.tafl.rules.GenericRules;
import com.manywords.softworks.tafl.rules.Rules;
import com.manywords.softworks.tafl.rules.Taflman;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

public final class TaflcountDivide {
    /** The OTN keys OpenTafl's RulesSerializer.loadRulesRecord reads. */
    static final Set<String> OPENTAFL_KEYS = new HashSet<>(Arrays.asList(
            "dim", "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "nj", "cj", "mj", "gj",
            "sw", "swf", "efe", "linc", "ber", "spd", "cor", "cen", "afor", "dfor",
            "cenp", "cens", "cenh", "cenhe", "cenre", "corp", "cors", "corh", "corre",
            "aforp", "afors", "aforh", "aforre", "dforp", "dfors", "dforh", "dforre",
            "start", "starti"));

    /**
     * The values OpenTafl's RulesSerializer reads for each key with a fixed set of them.
     * Its readers map any other value to a default without a word (`ks:t` reads as a
     * strong king, `sw:x` as no shieldwall), so another value is refused here.
     */
    static final Map<String, String> OPENTAFL_VALUES = new HashMap<>();
    static {
        OPENTAFL_VALUES.put("esc", "[ce]");
        for (String yesNo : new String[] {"surf", "atkf", "swf", "efe", "linc"}) OPENTAFL_VALUES.put(yesNo, "[yn]");
        OPENTAFL_VALUES.put("tfr", "[wld]");
        OPENTAFL_VALUES.put("ka", "[yhan]");
        OPENTAFL_VALUES.put("ks", "[yscmwn]");
        for (String jump : new String[] {"kj", "nj", "cj", "mj", "gj"}) OPENTAFL_VALUES.put(jump, "[cjrn]");
        OPENTAFL_VALUES.put("sw", "[swn]");
        OPENTAFL_VALUES.put("ber", "[mcn]");
        OPENTAFL_VALUES.put("dim", "[0-9]+");
    }

    /** A usage or input error: exit status 2. */
    static final class Usage extends Exception {
        Usage(String message) { super(message); }
    }

    /** OpenTafl refused something taflperft sent (a move of MOVES): exit status 1. */
    static final class Refused extends Exception {
        Refused(String message) { super(message); }
    }

    public static void main(String[] args) {
        // The divide goes to the real stdout; anything OpenTafl prints goes to stderr.
        PrintStream out = System.out;
        System.setOut(System.err);
        try {
            out.print(run(args));
            out.flush();
            System.exit(0);
        } catch (Usage e) {
            System.err.println("opentafl-divide: " + e.getMessage());
            System.exit(2);
        } catch (Refused e) {
            System.err.println("opentafl-divide: " + e.getMessage());
            System.exit(1);
        } catch (RuntimeException e) {
            System.err.println("opentafl-divide: OpenTafl failed: " + e);
            e.printStackTrace(System.err);
            System.exit(1);
        }
    }

    static String run(String[] args) throws Usage, Refused {
        if (args.length < 4 || args.length > 5) {
            throw new Usage("usage: DEPTH \"OTN RULES\" \"POSITION RECORD\" attackers|defenders \"MOVES\"");
        }
        int depth;
        try {
            depth = Integer.parseInt(args[0].trim());
        } catch (NumberFormatException e) {
            throw new Usage("bad depth `" + args[0] + "`");
        }
        if (depth < 1) throw new Usage("depth must be at least 1, not " + depth);
        boolean attackersToMove;
        switch (args[3].trim()) {
            case "attackers": attackersToMove = true; break;
            case "defenders": attackersToMove = false; break;
            default: throw new Usage("side must be `attackers` or `defenders`, not `" + args[3] + "`");
        }
        String position = args[2].trim();
        String moves = args.length == 5 ? args[4].trim() : "";

        Coord.initialize();
        GenericRules rules = rulesFor(args[1], position, attackersToMove);
        Game game = new Game(rules, null);
        GameState state = game.getCurrentState();
        int dim = rules.getBoard().getBoardDimension();

        // MOVES: played even past an end OpenTafl sees (as taflcount replays archives);
        // the divide then shows the end where it is.
        int ply = 0;
        for (String mv : moves.isEmpty() ? new String[0] : moves.split("\\s+")) {
            ply++;
            Coord[] ft = parseMove(mv, dim);
            char piece = state.getPieceAt(ft[0].x, ft[0].y);
            if (piece == Taflman.EMPTY) {
                throw new Refused("move " + ply + " `" + mv + "`: no piece on " + square(ft[0]) + " in OpenTafl's position "
                        + state.getOTNPositionString());
            }
            GameState next = state.moveTaflman(piece, ft[1]);
            if (next.getLastMoveResult() != GameState.GOOD_MOVE) {
                throw new Refused("move " + ply + " `" + mv + "` refused by OpenTafl: "
                        + GameState.getStringForMoveResult(next.getLastMoveResult()) + " (position "
                        + state.getOTNPositionString() + ", "
                        + (state.getCurrentSide().isAttackingSide() ? "attackers" : "defenders") + " to move)");
            }
            state = advance(game, state, next);
        }

        int victory = state.checkVictory();
        if (victory > GameState.HIGHEST_NONTERMINAL_RESULT) {
            System.err.println("opentafl-divide: OpenTafl ends the game here: "
                    + GameState.getStringForMoveResult(victory) + " (no moves)");
        }
        if (System.getenv("OPENTAFL_DIVIDE_VERBOSE") != null) {
            System.err.println("opentafl-divide: OpenTafl's rules: " + RulesSerializer.getRulesStringWithoutStart(rules));
            System.err.println("opentafl-divide: position " + state.getOTNPositionString() + ", "
                    + (state.getCurrentSide().isAttackingSide() ? "attackers" : "defenders") + " to move, result "
                    + victory + " " + GameState.getStringForMoveResult(victory));
        }

        TreeMap<String, Long> divide = new TreeMap<>();
        if (victory <= GameState.HIGHEST_NONTERMINAL_RESULT) {
            for (char taflman : movers(state)) {
                Coord from = Taflman.getCurrentSpace(state, taflman);
                for (Coord to : destinations(state, taflman)) {
                    long n;
                    if (depth == 1) {
                        n = 1;
                    } else {
                        GameState child = play(game, state, taflman, to);
                        n = child.checkVictory() > GameState.HIGHEST_NONTERMINAL_RESULT ? 0 : perft(game, child, depth - 1);
                    }
                    divide.merge(square(from) + "-" + square(to), n, Long::sum);
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        long total = 0;
        for (java.util.Map.Entry<String, Long> e : divide.entrySet()) {
            sb.append(e.getKey()).append(": ").append(e.getValue()).append('\n');
            total += e.getValue();
        }
        sb.append('\n').append(total).append('\n');
        return sb.toString();
    }

    /**
     * taflcount's OTN rules string as OpenTafl rules: OpenTafl's own reader, with the
     * position as `start:`, the side to move as `atkf:`, and the threefold repetition
     * rule off (perft counts without history, docs/perft.md).
     */
    static GenericRules rulesFor(String otn, String position, boolean attackersToMove) throws Usage {
        List<String> kept = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String token : otn.trim().split("\\s+")) {
            if (token.isEmpty()) continue;
            String key = token.contains(":") ? token.substring(0, token.indexOf(':')) : token;
            String value = token.contains(":") ? token.substring(token.indexOf(':') + 1) : "";
            if (!OPENTAFL_KEYS.contains(key)) unknown.add(token);
            else if (OPENTAFL_VALUES.containsKey(key) && !value.matches(OPENTAFL_VALUES.get(key))) {
                throw new Usage("OpenTafl does not read `" + token + "` (it would take another value "
                        + "without a word); these rules cannot be counted by OpenTafl");
            }
            else if (!key.equals("start") && !key.equals("starti") && !key.equals("atkf")) kept.add(token);
        }
        if (!unknown.isEmpty()) {
            // OpenTafl would ignore them and count other rules than taflcount's.
            throw new Usage("OpenTafl does not read the OTN key(s) " + String.join(" ", unknown)
                    + "; these rules cannot be counted by OpenTafl");
        }
        if (!position.matches("/?([0-9A-Za-z]+/)+[0-9A-Za-z]*")) {
            throw new Usage("bad position record `" + position + "`");
        }
        kept.add("atkf:" + (attackersToMove ? "y" : "n"));
        kept.add("start:" + position);
        String record = String.join(" ", kept);
        Rules read;
        try {
            read = RulesSerializer.loadRulesRecord(record);
        } catch (Exception e) {
            throw new Usage("OpenTafl cannot read the rules `" + record + "`: " + e);
        }
        GenericRules rules = (GenericRules) read;
        int dim = rules.getBoard().getBoardDimension();
        String[] rows = position.replaceAll("^/|/$", "").split("/", -1);
        if (dim < 5 || dim > 19 || rows.length != dim) {
            throw new Usage("the position has " + rows.length + " ranks; the rules say dim:" + dim);
        }
        // OpenTafl's reader takes short or long ranks and unknown letters without a word.
        for (int r = 0; r < rows.length; r++) {
            int width = 0;
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("[0-9]+|.").matcher(rows[r]);
            while (m.find()) {
                String cell = m.group();
                if (Character.isDigit(cell.charAt(0))) width += Integer.parseInt(cell);
                else if ("tcnkmgTCNKMG".indexOf(cell.charAt(0)) >= 0) width++;
                else throw new Usage("rank " + (r + 1) + " of the position: `" + cell + "` is no OTN piece");
            }
            if (width != dim) {
                throw new Usage("rank " + (r + 1) + " of the position is " + width + " squares wide, not " + dim);
            }
        }
        rules.setThreefoldResult(Rules.THIRD_REPETITION_IGNORED);
        return rules;
    }

    /** Positions exactly `depth` plies below `state`; a finished game has no children. */
    static long perft(Game game, GameState state, int depth) {
        long n = 0;
        for (char taflman : movers(state)) {
            List<Coord> dests = destinations(state, taflman);
            if (depth == 1) {
                n += dests.size();
                continue;
            }
            for (Coord to : dests) {
                GameState child = play(game, state, taflman, to);
                if (child.checkVictory() > GameState.HIGHEST_NONTERMINAL_RESULT) continue;
                n += perft(game, child, depth - 1);
            }
        }
        return n;
    }

    /** The pieces that may move: the side to move's, or only a berserker in mid-turn (as moveTaflman checks). */
    static List<Character> movers(GameState state) {
        char berserker = state.getBerserkingTaflman();
        List<Character> pieces = new ArrayList<>();
        if (berserker != Taflman.EMPTY) {
            if (Taflman.getSide(state, berserker).isAttackingSide() == state.getCurrentSide().isAttackingSide()) {
                pieces.add(berserker);
            }
            return pieces;
        }
        pieces.addAll(state.getCurrentSide().getTaflmen());
        return pieces;
    }

    /** OpenTafl's destinations for a piece (copied: OpenTafl caches them per position). */
    static List<Coord> destinations(GameState state, char taflman) {
        if (Taflman.getCurrentSpace(state, taflman) == null) return new ArrayList<>();
        return new ArrayList<>(new LinkedHashSet<>(Taflman.getAllowableDestinations(state, taflman)));
    }

    /** One move as OpenTafl's AI plays it (GameTreeState.considerMove), without recording it in the game. */
    static GameState play(Game game, GameState state, char taflman, Coord to) {
        GameState next = state.moveTaflman(taflman, to);
        if (next.getLastMoveResult() != GameState.GOOD_MOVE) {
            throw new IllegalStateException("OpenTafl refuses its own move " + square(Taflman.getCurrentSpace(state, taflman))
                    + "-" + square(to) + ": " + GameState.getStringForMoveResult(next.getLastMoveResult()));
        }
        return advance(game, state, next);
    }

    static GameState advance(Game game, GameState state, GameState next) {
        char berserker = next.getBerserkingTaflman();
        return game.advanceState(state, next, berserker == Taflman.EMPTY, berserker, false);
    }

    static Coord[] parseMove(String mv, int dim) throws Usage {
        String[] parts = mv.toLowerCase().split("-");
        if (parts.length != 2) throw new Usage("bad move `" + mv + "` (expected from-to, e.g. d1-d3)");
        return new Coord[] {parseSquare(parts[0], dim, mv), parseSquare(parts[1], dim, mv)};
    }

    static Coord parseSquare(String s, int dim, String mv) throws Usage {
        if (!s.matches("[a-s][0-9]{1,2}")) throw new Usage("bad square `" + s + "` in move `" + mv + "`");
        int x = s.charAt(0) - 'a';
        int y = Integer.parseInt(s.substring(1)) - 1;
        if (x >= dim || y < 0 || y >= dim) throw new Usage("square `" + s + "` of move `" + mv + "` is off the " + dim + "x" + dim + " board");
        return Coord.get(x, y);
    }

    /** taflcount's square names: file a.. from x = 0, rank 1 the first rank of the record. */
    static String square(Coord c) {
        return (char) ('a' + c.x) + Integer.toString(c.y + 1);
    }
}
