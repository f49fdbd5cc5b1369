package dev.castcheck.xmage;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mage.constants.PhaseStep;
import mage.constants.Zone;
import mage.counters.CounterType;
import mage.game.Game;
import mage.game.permanent.Permanent;
import mage.game.stack.Spell;
import mage.game.stack.StackObject;
import mage.players.Player;
import org.mage.test.player.TestPlayer;
import org.mage.test.serverside.base.CardTestPlayerBase;

/**
 * One scenario played on XMage's own test harness (the CardTestPlayerBase game of its unit tests):
 * cards added to zones, one harness command per castcheck action in p1's first main phase, and a
 * snapshot of the game after each, taken by a runCode command at the point where the next action
 * would start. XMage plays the whole script in one go, so the per-action outcomes are recorded here
 * and handed to the kit afterwards (XmageEngine).
 */
public final class XmageTable extends CardTestPlayerBase {
    /** Thrown by the last snapshot to end XMage's game loop at once (an Error passes its catch of Exception). */
    static final class Done extends Error {
        Done() {
            super("castcheck: every action recorded", null, false, false);
        }
    }

    /** What XMage did with one action: accepted (with the state after it), rejected or unsupported. */
    public record Result(String outcome, String reason, String message, JsonObject state) {}

    /** The recording of one scenario: the state after setup and one result per action id. */
    public record Recording(JsonObject initial, Map<String, Result> results) {}

    private static final PhaseStep MAIN = PhaseStep.PRECOMBAT_MAIN;
    private final Observer observer = new Observer();
    private final Map<String, String> aliasToId = new HashMap<>();
    private final Map<String, String> idToAlias = new HashMap<>();
    private final Map<String, String> oracleOf = new HashMap<>();
    private final Map<String, JsonObject> definitions = new HashMap<>();
    private final Map<String, TestPlayer> players = new HashMap<>();
    /** The cards cast and not yet resolved, as the script goes: where a target is a spell. */
    private final List<String> stack = new ArrayList<>();
    private JsonObject initial;
    private final Map<String, Result> results = new LinkedHashMap<>();
    private JsonObject last;

    static {
        init();
    }

    public static Recording play(JsonObject scenario) throws Exception {
        XmageTable table = new XmageTable();
        table.reset();
        return table.run(scenario);
    }

    private Recording run(JsonObject scenario) {
        players.put("p1", playerA);
        players.put("p2", playerB);
        observer.players.put(playerA.getId(), "p1");
        observer.players.put(playerB.getId(), "p2");
        for (JsonElement c : scenario.getAsJsonArray("cards")) {
            JsonObject card = c.getAsJsonObject();
            String id = card.get("id").getAsString();
            if (!card.has("oracle")) throw new IllegalArgumentException("card " + id + " has no Oracle name: XMage knows printed cards only");
            String alias = "c" + aliasToId.size();
            aliasToId.put(alias, id);
            idToAlias.put(id, alias);
            oracleOf.put(id, card.get("oracle").getAsString());
            if (card.has("definition")) definitions.put(id, card.getAsJsonObject("definition"));
        }
        for (JsonElement e : scenario.getAsJsonArray("players")) {
            JsonObject p = e.getAsJsonObject();
            TestPlayer player = players.get(p.get("id").getAsString());
            setLife(player, p.get("life").getAsInt());
            for (String id : strings(p.getAsJsonArray("hand"))) addCard(Zone.HAND, player, oracleOf.get(id) + "@" + idToAlias.get(id));
            for (String id : strings(p.getAsJsonArray("graveyard"))) addCard(Zone.GRAVEYARD, player, oracleOf.get(id) + "@" + idToAlias.get(id));
            List<String> library = strings(p.getAsJsonArray("library"));
            // The harness puts each added library card on top: the scenario's top card goes last.
            for (int i = library.size() - 1; i >= 0; i--) addCard(Zone.LIBRARY, player, oracleOf.get(library.get(i)) + "@" + idToAlias.get(library.get(i)));
            for (JsonElement b : p.getAsJsonArray("battlefield")) {
                JsonObject start = b.getAsJsonObject();
                String id = start.get("card").getAsString();
                boolean tapped = start.has("tapped") && start.get("tapped").getAsBoolean();
                addCard(Zone.BATTLEFIELD, player, oracleOf.get(id) + "@" + idToAlias.get(id), 1, tapped);
            }
        }
        setStrictChooseMode(true);
        skipInitShuffling(); // the scenario's library in its order
        setStopAt(1, PhaseStep.END_TURN);
        // The first command: resolve aliases to XMage's ids, put the starting counters and mana, look.
        runCode("castcheck setup", 1, MAIN, playerA, (info, player, game) -> {
            for (Map.Entry<String, String> a : aliasToId.entrySet()) {
                UUID uuid = playerA.getAliasByName("@" + a.getKey());
                if (uuid != null) observer.name(uuid, a.getValue());
            }
            for (JsonElement e : scenario.getAsJsonArray("players")) {
                JsonObject p = e.getAsJsonObject();
                Player owner = game.getPlayer(players.get(p.get("id").getAsString()).getId());
                for (JsonElement b : p.getAsJsonArray("battlefield")) {
                    JsonObject start = b.getAsJsonObject();
                    if (!start.has("counters")) continue;
                    Permanent perm = game.getPermanent(observer.uuid(start.get("card").getAsString()));
                    for (Map.Entry<String, JsonElement> c : start.getAsJsonObject("counters").entrySet()) {
                        CounterType type = CounterType.findByName(c.getKey());
                        if (type == null) throw new Unscripted("XMage has no counter named " + c.getKey());
                        perm.addCounters(type.createInstance(c.getValue().getAsInt()), owner.getId(), setupSource(owner), game);
                    }
                }
                // castcheck's mana is the pool's: XMage pays from it whatever kinds it holds (not only when
                // it holds one kind), and a land tapped for mana is caught below as not the scenario's.
                owner.getManaPool().setAutoPaymentRestricted(false);
                addMana(owner, p.getAsJsonObject("mana"), game);
                // The library is the scenario's alone: the harness's test deck under it goes (a draw from
                // an empty library draws nothing, CR 121.3).
                for (UUID card : owner.getLibrary().getCardList()) if (observer.named(card) == null) owner.getLibrary().remove(card, game);
            }
            initial = observer.observe(game, "setup");
            last = initial;
            if (scheduled == 0) throw new Done();
        });
        JsonArray actions = scenario.getAsJsonArray("actions");
        List<String> scripted = new ArrayList<>();
        String stoppedAt = null;
        for (JsonElement e : actions) {
            JsonObject action = e.getAsJsonObject();
            String id = action.get("id").getAsString();
            String why = script(action);
            if (why != null) {
                results.put(id, new Result("unsupported", null, why, null));
                stoppedAt = id;
                break;
            }
            scripted.add(id);
        }
        try {
            execute();
        } catch (Done done) {
            // every scripted action was recorded
        } catch (Throwable t) {
            // XMage refused a command (a cast it cannot find or pay, a choice it did not ask for): the
            // harness cannot tell why, so the action is unsupported here rather than judged.
            for (String id : scripted) {
                if (!results.containsKey(id)) {
                    results.put(id, new Result("unsupported", null, "XMage's harness stopped: " + firstLine(t), null));
                    break;
                }
            }
        }
        for (JsonElement e : actions) {
            String id = e.getAsJsonObject().get("id").getAsString();
            results.putIfAbsent(id, new Result("unsupported", null, stoppedAt == null ? "not run: an earlier action stopped XMage's script" : "not run: an earlier action is not supported", null));
        }
        if (initial == null) throw new IllegalStateException("XMage never reached p1's main phase");
        return new Recording(initial, results);
    }

    /** Schedules one action on the harness; returns why it cannot, or null. */
    private String script(JsonObject action) {
        String id = action.get("id").getAsString();
        String player = action.has("player") ? action.get("player").getAsString() : "p1";
        if (!player.equals("p1")) return "only p1 acts in this integration (p2's actions need priority passing the harness does not script)";
        if (action.has("triggerTargets") || action.has("triggerOrder")) return "trigger targets and order are not scripted";
        switch (action.get("do").getAsString()) {
            case "cast" -> {
                return cast(action, id);
            }
            case "resolve" -> {
                if (action.has("newTargets") || action.has("choices")) return "choices on resolution are not scripted";
                boolean all = action.has("untilEmpty") && action.get("untilEmpty").getAsBoolean();
                // An empty stack is checked when the command runs (the harness would simply go on).
                final boolean[] wasEmpty = new boolean[1];
                runCode("castcheck before " + id, 1, MAIN, playerA, (info, p, game) -> wasEmpty[0] = game.getStack().isEmpty());
                waitStackResolved(1, MAIN, playerA, !all);
                if (all) stack.clear();
                else if (!stack.isEmpty()) stack.remove(stack.size() - 1);
                snapshot(id, game -> !all && wasEmpty[0] ? new Result("rejected", "empty-stack", "there is nothing on the stack to resolve", null) : null);
                return null;
            }
            default -> {
                return "the " + action.get("do").getAsString() + " action is not scripted on XMage's harness";
            }
        }
    }

    private String cast(JsonObject a, String id) {
        if (a.has("sacrifice") || a.has("withoutPayingManaCost")) return "sacrifice costs and free casts are not scripted";
        String cardId = a.get("card").getAsString();
        String name = oracleOf.get(cardId);
        if (name == null) return "no card " + cardId;
        JsonObject def = definitions.get(cardId);
        List<String> splice = a.has("splice") ? strings(a.getAsJsonArray("splice")) : List.of();
        if (!splice.isEmpty() && def != null && (def.has("kicker") || def.has("multikicker"))) return "splice onto a spell with kicker is not scripted";
        for (String s : splice) if (!idToAlias.containsKey(s)) return "a spliced card that names no card: " + s;
        if (new java.util.HashSet<>(splice).size() != splice.size()) return "XMage's harness cannot make this declaration (XMage offers each card in hand to splice once): " + splice;
        List<String> kicker = a.has("kicker") ? strings(a.getAsJsonArray("kicker")) : List.of();
        int multikicker = a.has("multikicker") ? a.get("multikicker").getAsInt() : 0;
        String undeclarable = undeclarable(def, kicker, multikicker, a.has("x"));
        if (undeclarable != null) return "XMage's harness cannot make this declaration (XMage offers a player only the printed kicker costs, each once, and X where the cost has it): " + undeclarable;
        StringBuilder target = new StringBuilder();
        // A spliced spell's targets are all chosen as XMage asks, host first, then each spliced card's (CR
        // 702.47b, 601.2c): the harness would give the cast's target string to every spell ability of it.
        List<String> splicedTargets = new ArrayList<>();
        if (a.has("targets")) {
            for (JsonElement g : a.getAsJsonArray("targets")) {
                if (g.getAsJsonArray().size() != 1) return "a target requirement with other than one target is not scripted";
                String t = g.getAsJsonArray().get(0).getAsString();
                String named;
                if (t.equals("p1")) named = "targetPlayer=PlayerA";
                else if (t.equals("p2")) named = "targetPlayer=PlayerB";
                // XMage's harness finds a spell on the stack by its name only (a spell's id is not its card's).
                else if (stack.contains(t)) named = oracleOf.get(t);
                else if (idToAlias.containsKey(t)) named = "@" + idToAlias.get(t);
                else return "a target that names no card: " + t;
                if (!splice.isEmpty()) splicedTargets.add(named);
                else {
                    if (target.length() > 0) target.append('^');
                    target.append(named);
                }
            }
        }
        // XMage asks "Splice a card?" whenever a card in hand could be spliced onto this spell, and then
        // which card and whether to splice another (ContinuousEffects.applySpliceEffects), before X and
        // kicker: what is in hand is known only when the cast comes, so the answers are put first then.
        runCode("castcheck splice " + id, 1, MAIN, playerA, (info, p, game) -> {
            if (!game.getPlayer(playerA.getId()).getHand().contains(observer.uuid(cardId))) {
                // The harness casts a card by its name, from hand: it would cast another card than the one named.
                results.put(id, new Result("unsupported", null, "the card named is not in p1's hand: XMage's harness casts by name from hand, so it would cast another card", null));
                throw new Done();
            }
            List<String> offered = spliceable(game, name, def);
            int spliceable = offered.size();
            if (!offered.containsAll(splice)) {
                // XMage offers only the cards in hand that can be spliced onto this spell: the harness cannot declare another.
                results.put(id, new Result("unsupported", null, "XMage's harness cannot make this declaration (XMage offers to splice only cards in hand with splice onto a quality this spell has): " + splice, null));
                throw new Done();
            }
            List<String> answers = new ArrayList<>();
            List<String> picks = new ArrayList<>();
            if (spliceable > 0) {
                answers.add(splice.isEmpty() ? "No" : "Yes");
                for (int i = 0; i < splice.size(); i++) {
                    picks.add("@" + idToAlias.get(splice.get(i)));
                    if (i + 1 < splice.size()) answers.add("Yes");
                }
                if (!splice.isEmpty() && splice.size() < spliceable) answers.add("No");
            }
            picks.addAll(splicedTargets);
            playerA.getChoices().addAll(0, answers);
            playerA.getTargets().addAll(0, picks);
        });
        stack.add(cardId);
        if (target.length() > 0) castSpell(1, MAIN, playerA, name, target.toString());
        else castSpell(1, MAIN, playerA, name);
        // XMage asks X first (announceXMana), then each printed kicker cost in order: yes or no, and
        // a multikicker cost again after each yes (KickerAbility.addOptionalAdditionalCosts).
        if (a.has("x")) setChoice(playerA, "X=" + a.get("x").getAsInt());
        int printed = def != null && def.has("kicker") ? def.getAsJsonObject("kicker").getAsJsonArray("costs").size() : 0;
        for (int i = 0; i < printed; i++) setChoice(playerA, kicker.contains(String.valueOf((char) ('A' + i))));
        if (def != null && def.has("multikicker")) {
            for (int i = 0; i < multikicker; i++) setChoice(playerA, true);
            setChoice(playerA, false);
        }
        snapshot(id, game -> {
            // A "no" left over is a kicker cost XMage did not offer (it finds it unpayable) and the scenario declined: the same cast.
            if (playerA.getChoices().stream().allMatch(c -> c.equals("No"))) playerA.getChoices().clear();
            if (!playerA.getTargets().isEmpty()) {
                // A target XMage never asked for (a spliced card's, when that card was not spliced) was not declared.
                return new Result("unsupported", null, "XMage did not ask for every declared target: " + playerA.getTargets() + " left", null);
            }
            if (!playerA.getChoices().isEmpty()) {
                // XMage asks only for the kicker costs it finds payable (KickerAbility): a declaration it
                // never asked for was not made, so this cast is not the scenario's.
                return new Result("unsupported", null, "XMage did not ask for every declared choice (it offers only the kicker costs it finds payable, and splice where it finds a card to splice): " + playerA.getChoices() + " left", null);
            }
            for (Permanent perm : game.getBattlefield().getAllPermanents()) {
                if (perm.isTapped() && wasUntapped(observer.named(perm.getId()))) {
                    // Scenarios pay from the mana pool; XMage's player tapped a permanent for mana instead.
                    return new Result("unsupported", null, "XMage paid part of the cost by tapping " + perm.getName() + " for mana, which castcheck's scenarios leave out", null);
                }
            }
            Result paid = paidOtherwise(game, name);
            if (paid != null) return paid;
            // Two cards of one name in hand are alike: XMage casts whichever it finds first; the ids follow the card cast.
            observer.castAs(game, cardId, name);
            return null;
        });
        return null;
    }

    /**
     * XMage chooses which mana pays a generic cost (CR 601.2h lets the player choose); castcheck's scenarios
     * fix the choice (coloured symbols first, then generic from C, W, U, B, R, G: docs/PROTOCOL.md). A cast
     * that spent as much mana as that, of the kinds its coloured symbols need, but other kinds for the
     * generic part is a legal payment that is not the scenario's: unsupported. Any other difference is
     * left for castcheck to judge. Costs with X, hybrid or Phyrexian symbols are not checked here.
     */
    private Result paidOtherwise(Game game, String name) {
        Spell spell = null;
        for (StackObject o : game.getStack()) {
            if (o instanceof Spell s && s.getName().equals(name)) {
                spell = s;
                break;
            }
        }
        if (spell == null) return null;
        String kinds = "CWUBRG";
        int generic = 0;
        int[] need = new int[6];
        Matcher m = Pattern.compile("\\{([^}]*)\\}").matcher(spell.getSpellAbility().getManaCostsToPay().getText());
        while (m.find()) {
            String symbol = m.group(1);
            if (symbol.matches("\\d+")) generic += Integer.parseInt(symbol);
            else if (symbol.length() == 1 && kinds.contains(symbol)) need[kinds.indexOf(symbol)]++;
            else return null;
        }
        JsonObject before = null;
        for (JsonElement p : last.getAsJsonArray("players")) if (p.getAsJsonObject().get("id").getAsString().equals("p1")) before = p.getAsJsonObject().getAsJsonObject("mana");
        JsonObject after = Observer.pool(game.getPlayer(playerA.getId()));
        int[] spent = new int[6];
        int[] expected = new int[6];
        int left = generic;
        for (int i = 0; i < 6; i++) {
            String k = String.valueOf(kinds.charAt(i));
            int had = before == null ? 0 : get(before, k);
            spent[i] = had - get(after, k);
            if (had < need[i]) return null;
            int take = Math.min(left, had - need[i]);
            expected[i] = need[i] + take;
            left -= take;
        }
        if (left > 0 || java.util.Arrays.equals(spent, expected)) return null;
        for (int i = 0; i < 6; i++) if (spent[i] < need[i]) return null;
        if (java.util.Arrays.stream(spent).sum() != java.util.Arrays.stream(expected).sum()) return null;
        return new Result("unsupported", null, "XMage paid the generic part of " + spell.getSpellAbility().getManaCostsToPay().getText()
            + " with other mana than the scenario format's default (C, W, U, B, R, G): a legal payment (CR 601.2h), not the scenario's", null);
    }

    /**
     * The cards in p1's hand that could be spliced onto a spell of this name (CR 702.47a): those with
     * splice onto a quality the spell has, the card cast itself not counted (it is on the stack then).
     */
    private List<String> spliceable(Game game, String castName, JsonObject host) {
        List<String> out = new ArrayList<>();
        if (host == null) return out;
        boolean skippedCast = false;
        for (UUID u : game.getPlayer(playerA.getId()).getHand()) {
            String id = observer.named(u);
            if (!skippedCast && id != null && castName.equals(oracleOf.get(id))) {
                skippedCast = true;
                continue;
            }
            JsonObject def = id == null ? null : definitions.get(id);
            if (def == null || !def.has("splice")) continue;
            String onto = def.getAsJsonObject("splice").get("onto").getAsString();
            if (onto.equals("Arcane") ? has(host, "subtypes", "Arcane") : has(host, "types", "Instant") || has(host, "types", "Sorcery")) out.add(id);
        }
        return out;
    }

    private static boolean has(JsonObject def, String field, String value) {
        return def.has(field) && strings(def.getAsJsonArray(field)).contains(value);
    }

    /** Whether the last state recorded shows this permanent untapped. */
    private boolean wasUntapped(String id) {
        if (id == null) return false;
        for (JsonElement p : last.getAsJsonArray("battlefield")) {
            JsonObject o = p.getAsJsonObject();
            if (o.get("id").getAsString().equals(id)) return !o.get("tapped").getAsBoolean();
        }
        return false;
    }

    /** A declaration XMage's player is never offered, so that the harness cannot make it; null when there is none. */
    private static String undeclarable(JsonObject def, List<String> kicker, int multikicker, boolean x) {
        int printed = def != null && def.has("kicker") ? def.getAsJsonObject("kicker").getAsJsonArray("costs").size() : 0;
        for (int i = 0; i < kicker.size(); i++) {
            if (kicker.subList(0, i).contains(kicker.get(i))) return "kicker " + kicker.get(i) + " declared twice";
            if (kicker.get(i).charAt(0) - 'A' >= printed) return "kicker " + kicker.get(i) + " is not printed";
        }
        if (multikicker > 0 && (def == null || !def.has("multikicker"))) return "multikicker on a card without it";
        boolean hasX = def != null && def.has("manaCost") && def.get("manaCost").getAsString().contains("{X}");
        if (x != hasX) return x ? "X on a card whose cost has no {X}" : "no X for a cost with {X}";
        return null;
    }

    private interface Check {
        Result before(Game game);
    }

    private void snapshot(String id, Check check) {
        runCode("castcheck after " + id, 1, MAIN, playerA, (info, player, game) -> {
            Result r = check.before(game);
            if (r != null && r.outcome().equals("unsupported")) {
                results.put(id, r);
                throw new Done(); // what follows would not be the scenario's
            }
            if (r != null) r = new Result(r.outcome(), r.reason(), r.message(), last);
            else {
                last = observer.observe(game, id);
                r = new Result("accepted", null, null, last);
            }
            results.put(id, r);
            if (++recorded == scheduled) throw new Done();
        });
    }

    private int scheduled;
    private int recorded;

    @Override
    public void runCode(String info, int turnNum, PhaseStep step, TestPlayer player, org.mage.test.serverside.base.CardTestCodePayload code) {
        if (info.startsWith("castcheck after ")) scheduled++;
        super.runCode(info, turnNum, step, player, code);
    }

    private static void addMana(Player player, JsonObject mana, Game game) {
        if (mana == null) return;
        int w = get(mana, "W"), u = get(mana, "U"), b = get(mana, "B"), r = get(mana, "R"), g = get(mana, "G"), c = get(mana, "C");
        if (w + u + b + r + g + c == 0) return;
        player.getManaPool().addMana(new mage.Mana(w, u, b, r, g, 0, 0, c), game, setupSource(player), true);
    }

    /** The source of what the setup does, as the harness's own cheats have one (XMage needs a source for mana and counters). */
    private static mage.abilities.Ability setupSource(Player player) {
        mage.abilities.Ability source = new mage.abilities.common.SimpleStaticAbility(Zone.OUTSIDE, new mage.abilities.effects.common.InfoEffect("castcheck setup"));
        source.setControllerId(player.getId());
        return source;
    }

    private static int get(JsonObject o, String k) {
        return o.has(k) ? o.get(k).getAsInt() : 0;
    }

    static String firstLine(Throwable t) {
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    static List<String> strings(JsonArray array) {
        List<String> out = new ArrayList<>();
        if (array != null) array.forEach(e -> out.add(e.getAsString()));
        return out;
    }

    /** A step the harness cannot take as the scenario says. */
    static final class Unscripted extends RuntimeException {
        Unscripted(String message) {
            super(message);
        }
    }
}
