package dev.castcheck.example;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.castcheck.kit.ActionContext;
import dev.castcheck.kit.Engine;
import dev.castcheck.kit.Mana;
import dev.castcheck.kit.Obj;
import dev.castcheck.kit.Protocol;
import dev.castcheck.kit.Rejected;
import dev.castcheck.kit.State;
import dev.castcheck.kit.Unsupported;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A small rules engine behind castcheck, on the Java kit: a few printed cards with kicker and
 * multikicker, cast with every declaration checked, paid for and resolved. The kit speaks the
 * protocol, rolls rejected actions back and names what is created; this class is only the game.
 */
public final class ExampleEngine implements Engine<ExampleEngine.Game> {
    /**
     * A planted bug, to see castcheck find it and export it as a test (docs/EXPORT.md): with the
     * environment variable CASTCHECK_EXAMPLE_FAULT=multikicker-counts-once, "for each time it was
     * kicked" counts multikicker once however many times it was paid (CR 702.33c-d), as the
     * reference engine's named fault of that name does.
     */
    static final String FAULT = System.getenv("CASTCHECK_EXAMPLE_FAULT");

    /** A card this engine knows: its printed values and what it does. */
    record Card(String name, String manaCost, List<String> types, List<String> subtypes, int power, int toughness, String kicker, String multikicker, String effect) {
        boolean isPermanent() {
            return !types.contains("Instant") && !types.contains("Sorcery");
        }

        /** How many "any target" targets it takes, given how it was kicked. */
        int anyTargets(Spell s) {
            return switch (effect) {
                case "burst" -> 1;
                case "comet" -> 1 + s.timesKicked();
                default -> 0;
            };
        }
    }

    static final Map<String, Card> CARDS = new TreeMap<>();

    static {
        for (Card c : List.of(
            new Card("Burst Lightning", "{R}", List.of("Instant"), List.of(), 0, 0, "{4}", null, "burst"),
            new Card("Comet Storm", "{X}{R}{R}", List.of("Instant"), List.of(), 0, 0, null, "{1}", "comet"),
            new Card("Kavu Titan", "{1}{G}", List.of("Creature"), List.of("Kavu"), 2, 2, "{2}{G}", null, "kavu"),
            new Card("Gnarlid Pack", "{1}{G}", List.of("Creature"), List.of("Beast"), 2, 2, null, "{1}{G}", "+1/+1"),
            new Card("Everflowing Chalice", "{0}", List.of("Artifact"), List.of(), 0, 0, null, "{2}", "charge"),
            new Card("Grizzly Bears", "{1}{G}", List.of("Creature"), List.of("Bear"), 2, 2, null, null, ""),
            new Card("Hill Giant", "{3}{R}", List.of("Creature"), List.of("Giant"), 3, 3, null, null, ""),
            new Card("Island", null, List.of("Land"), List.of("Island"), 0, 0, null, null, ""))) {
            CARDS.put(c.name(), c);
        }
    }

    record Spell(String id, Card card, String controller, List<String> kicker, int multikicker, Integer x, List<List<String>> targets, Mana total) {
        int timesKicked() {
            return kicker.size() + multikicker; // CR 702.33c-d
        }
    }

    static final class Permanent {
        String id;
        Card card;
        String owner;
        boolean tapped;
        Map<String, Integer> counters = new TreeMap<>();
        int damage;
        List<String> keywords = new ArrayList<>();
        int timesKicked;

        Permanent copy() {
            Permanent p = new Permanent();
            p.id = id;
            p.card = card;
            p.owner = owner;
            p.tapped = tapped;
            p.counters = new TreeMap<>(counters);
            p.damage = damage;
            p.keywords = new ArrayList<>(keywords);
            p.timesKicked = timesKicked;
            return p;
        }

        int power() {
            return card.power() + counters.getOrDefault("+1/+1", 0) - counters.getOrDefault("-1/-1", 0);
        }

        int toughness() {
            return card.toughness() + counters.getOrDefault("+1/+1", 0) - counters.getOrDefault("-1/-1", 0);
        }
    }

    static final class Player {
        String id;
        int life;
        boolean lost;
        List<String> hand;
        List<String> graveyard;
        JsonObject pool;

        Player copy() {
            Player p = new Player();
            p.id = id;
            p.life = life;
            p.lost = lost;
            p.hand = new ArrayList<>(hand);
            p.graveyard = new ArrayList<>(graveyard);
            p.pool = pool.deepCopy();
            return p;
        }
    }

    static final class Game {
        Map<String, Card> cards = new HashMap<>();
        Map<String, String> owners = new HashMap<>();
        Map<String, Player> players = new LinkedHashMap<>();
        List<Spell> stack = new ArrayList<>();
        List<Permanent> battlefield = new ArrayList<>();

        Permanent creature(String id) {
            return battlefield.stream().filter(p -> p.id.equals(id) && p.card.types().contains("Creature")).findFirst().orElse(null);
        }

        void dealDamage(String target, int amount) {
            if (players.containsKey(target)) players.get(target).life -= amount;
            else if (creature(target) != null) creature(target).damage += amount;
        }
    }

    public String name() {
        return "java-example";
    }

    public String version() {
        return "0.1.0";
    }

    public JsonObject capabilities() {
        JsonObject caps = JsonParser.parseString("""
            {"mechanics": ["kicker", "multikicker", "x"], "actions": ["cast", "resolve"], "cards": {"synthetic": false},
             "observes": ["stack.kicked", "stack.manaCost", "stack.kicker", "stack.multikicker", "stack.timesKicked", "stack.x",
                          "stack.totalCost", "permanent.kicked", "permanent.powerToughness", "player.mana"]}""").getAsJsonObject();
        JsonArray oracle = new JsonArray();
        CARDS.keySet().forEach(oracle::add);
        caps.getAsJsonObject("cards").add("oracle", oracle);
        return caps;
    }

    public Game newGame(JsonObject scenario) {
        Game g = new Game();
        for (JsonElement c : scenario.getAsJsonArray("cards")) {
            JsonObject card = c.getAsJsonObject();
            Card known = card.has("oracle") ? CARDS.get(card.get("oracle").getAsString()) : null;
            if (known == null) throw new IllegalArgumentException("a card this engine does not know: " + card.get("id"));
            g.cards.put(card.get("id").getAsString(), known);
        }
        for (JsonElement e : scenario.getAsJsonArray("players")) {
            JsonObject p = e.getAsJsonObject();
            Player player = new Player();
            player.id = p.get("id").getAsString();
            player.life = p.get("life").getAsInt();
            player.hand = strings(p.getAsJsonArray("hand"));
            player.graveyard = strings(p.getAsJsonArray("graveyard"));
            player.pool = p.getAsJsonObject("mana").deepCopy();
            g.players.put(player.id, player);
            for (String zone : List.of("hand", "library", "graveyard")) for (String id : strings(p.getAsJsonArray(zone))) g.owners.put(id, player.id);
            for (JsonElement b : p.getAsJsonArray("battlefield")) {
                JsonObject start = b.getAsJsonObject();
                Permanent perm = new Permanent();
                perm.id = start.get("card").getAsString();
                perm.card = g.cards.get(perm.id);
                perm.owner = player.id;
                perm.tapped = start.has("tapped") && start.get("tapped").getAsBoolean();
                if (start.has("counters")) start.getAsJsonObject("counters").entrySet().forEach(en -> perm.counters.put(en.getKey(), en.getValue().getAsInt()));
                g.owners.put(perm.id, player.id);
                g.battlefield.add(perm);
            }
        }
        return g;
    }

    public Game copy(Game g) {
        Game c = new Game();
        c.cards = g.cards;
        c.owners = g.owners;
        g.players.forEach((k, v) -> c.players.put(k, v.copy()));
        c.stack = new ArrayList<>(g.stack);
        g.battlefield.forEach(p -> c.battlefield.add(p.copy()));
        return c;
    }

    @Override
    public boolean gameOver(Game g) {
        // CR 104.2a: in a two-player game, the game ends as soon as a player loses.
        return g.players.values().stream().anyMatch(p -> p.lost);
    }

    public int stackSize(Game g) {
        return g.stack.size();
    }

    public void perform(Game g, JsonObject action, ActionContext ctx) throws Rejected, Unsupported {
        switch (action.get("do").getAsString()) {
            case "cast" -> cast(g, action);
            case "resolve" -> {
                if (action.has("newTargets")) throw new Unsupported("copies are not implemented");
                if (g.stack.isEmpty()) throw new Rejected("empty-stack", "there is nothing on the stack to resolve");
                resolveTop(g);
            }
            default -> throw new Unsupported("the " + action.get("do").getAsString() + " action is not implemented");
        }
    }

    /** CR 601.2, with every choice declared by the scenario; checks happen in the order of casting. */
    static void cast(Game g, JsonObject a) throws Rejected, Unsupported {
        if (a.has("splice") || a.has("sacrifice") || a.has("withoutPayingManaCost")) throw new Unsupported("splice, sacrifice costs and free casts are not implemented");
        String cardId = a.get("card").getAsString();
        Player caster = g.players.get(a.get("player").getAsString());
        Card card = g.cards.get(cardId);
        if (card == null) throw new Rejected("no-such-object", "no card " + cardId);
        if (!caster.hand.contains(cardId)) throw new Rejected("not-in-hand", card.name() + " is not in " + caster.id + "'s hand");
        if (card.manaCost() == null) throw new Rejected("not-a-spell", card.name() + " is a land and cannot be cast");
        List<String> kicker = a.has("kicker") ? strings(a.getAsJsonArray("kicker")) : List.of();
        int multikicker = a.has("multikicker") ? a.get("multikicker").getAsInt() : 0;
        for (int i = 0; i < kicker.size(); i++) { // CR 702.33b: each printed kicker cost at most once
            if (kicker.subList(0, i).contains(kicker.get(i))) throw new Rejected("kicker-declared-twice", "kicker cost " + kicker.get(i) + " declared twice");
            if (!kicker.get(i).equals("A") || card.kicker() == null) throw new Rejected("kicker-not-printed", card.name() + " has no kicker cost " + kicker.get(i));
        }
        if (multikicker > 0 && card.multikicker() == null) throw new Rejected("kicker-not-printed", card.name() + " has no multikicker");
        Mana printed = Mana.parse(card.manaCost());
        Integer x = a.has("x") ? a.get("x").getAsInt() : null;
        if ((printed.x > 0) != (x != null)) throw new Rejected("x-mismatch", "X does not fit " + card.name() + "'s mana cost");
        caster.hand.remove(cardId); // CR 601.2a: the card moves to the stack
        Mana total = printed.withX(x == null ? 0 : x).plus(Mana.parse(card.kicker()), kicker.size()).plus(Mana.parse(card.multikicker()), multikicker);
        List<List<String>> targets = new ArrayList<>();
        if (a.has("targets")) for (JsonElement group : a.getAsJsonArray("targets")) targets.add(strings(group.getAsJsonArray()));
        Spell spell = new Spell(cardId, card, caster.id, kicker.stream().sorted().toList(), multikicker, x, targets, total);
        g.stack.add(spell);
        // CR 601.2c: one group of distinct, legal targets per target requirement.
        int wanted = card.anyTargets(spell);
        if (targets.size() != (wanted > 0 ? 1 : 0) || (wanted > 0 && targets.get(0).size() != wanted)) throw new Rejected("wrong-target-count", "expected " + wanted + " target(s), got " + targets);
        for (List<String> group : targets) {
            if (group.stream().distinct().count() != group.size() || group.stream().anyMatch(t -> !g.players.containsKey(t) && g.creature(t) == null)) {
                throw new Rejected("illegal-target", group + " are not distinct legal targets");
            }
        }
        caster.pool = Mana.pay(caster.pool, total); // CR 601.2f-h: the total cost is locked in and paid
    }

    static void resolveTop(Game g) {
        Spell spell = g.stack.remove(g.stack.size() - 1);
        String owner = g.owners.get(spell.id());
        Card card = spell.card();
        if (card.isPermanent()) { // CR 608.3: it enters the battlefield, with what it enters with (CR 603.6d)
            Permanent p = new Permanent();
            p.id = spell.id();
            p.card = card;
            p.owner = owner;
            p.timesKicked = spell.timesKicked();
            if (card.effect().equals("kavu") && spell.timesKicked() > 0) {
                p.counters.merge("+1/+1", 3, Integer::sum);
                p.keywords.add("trample");
            } else if ((card.effect().equals("+1/+1") || card.effect().equals("charge")) && spell.timesKicked() > 0) {
                p.counters.merge(card.effect(), "multikicker-counts-once".equals(FAULT) ? 1 : spell.timesKicked(), Integer::sum);
            }
            g.battlefield.add(p);
        } else {
            List<String> chosen = spell.targets().stream().flatMap(List::stream).toList();
            List<String> legal = chosen.stream().filter(t -> g.players.containsKey(t) || g.creature(t) != null).toList();
            if (!legal.isEmpty() || chosen.isEmpty()) { // CR 608.2b: with all its targets illegal it does nothing
                int amount = card.effect().equals("burst") ? (spell.timesKicked() > 0 ? 4 : 2) : (spell.x() == null ? 0 : spell.x());
                legal.forEach(t -> g.dealDamage(t, amount));
            }
            g.players.get(owner).graveyard.add(spell.id());
        }
        // State-based actions, all at once (CR 704.3): a player at 0 life or less loses (704.5b); a
        // creature with toughness 0 or less, or lethal damage, goes to its owner's graveyard (704.5f-g).
        for (Player pl : g.players.values()) pl.lost = pl.lost || pl.life <= 0;
        for (Permanent p : new ArrayList<>(g.battlefield)) {
            if (p.card.types().contains("Creature") && (p.toughness() <= 0 || p.damage >= p.toughness())) {
                g.battlefield.remove(p);
                g.players.get(p.owner).graveyard.add(p.id);
            }
        }
    }

    public JsonObject observe(Game g) {
        List<Obj> stack = new ArrayList<>();
        for (Spell s : g.stack) {
            Card c = s.card();
            stack.add(State.spell(s.id(), s.id(), c.name(), s.controller(), c.manaCost(), c.types(), c.subtypes(), false, s.x(), s.targets())
                .put("kicked", s.timesKicked() > 0).put("kicker", s.kicker()).put("multikicker", s.multikicker()).put("timesKicked", s.timesKicked())
                .put("totalCost", State.totalCost(s.total(), List.of())));
        }
        List<Obj> battlefield = new ArrayList<>();
        for (Permanent p : g.battlefield) {
            boolean creature = p.card.types().contains("Creature");
            battlefield.add(State.permanent(p.id, p.id, p.card.name(), p.owner, p.owner, false, p.tapped, p.counters)
                .put("damage", p.damage).put("keywords", p.keywords).put("kicked", p.timesKicked > 0).put("timesKicked", p.timesKicked)
                .put("power", creature ? p.power() : null).put("toughness", creature ? p.toughness() : null));
        }
        List<Obj> players = new ArrayList<>();
        for (Player p : g.players.values()) players.add(State.player(p.id, p.life, p.hand, p.graveyard, p.pool, p.lost));
        return State.state(stack, battlefield, players);
    }

    private static List<String> strings(JsonArray array) {
        List<String> out = new ArrayList<>();
        if (array != null) array.forEach(e -> out.add(e.getAsString()));
        return out;
    }

    public static void main(String[] args) throws Exception {
        System.exit(Protocol.serve(new ExampleEngine(), System.in, System.out, System.err, true));
    }
}
