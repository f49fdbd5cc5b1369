package dev.castcheck.kit;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The observed state in the trace's normal form (schema/trace.schema.json). Each builder fills in the
 * required fields; optional ones are added with {@link Obj#put}, and left out when null.
 */
public final class State {
    private State() {}

    /** A spell on the stack; mana value and colours come from its mana cost (X counts as chosen, CR 202.3e). */
    public static Obj spell(String id, String card, String name, String controller, String manaCost, List<String> types, List<String> subtypes, boolean copy, Integer x, List<List<String>> targets) {
        Mana printed = Mana.parse(manaCost);
        return new Obj().put("kind", "spell").put("id", id).put("card", card).put("name", name).put("controller", controller).put("copy", copy)
            .put("manaCost", manaCost == null ? null : printed.text()).put("manaValue", printed.manaValue(x == null ? 0 : x))
            .put("colors", printed.colors()).put("types", types).put("subtypes", subtypes).put("targets", targets).put("x", x);
    }

    /** The total cost locked in (CR 601.2f), for stack.totalCost. */
    public static Obj totalCost(Mana mana, List<String> sacrificed) {
        return new Obj().put("mana", mana.text()).put("sacrificed", sacrificed);
    }

    public static Obj triggeredAbility(String id, String source, int ability, String controller) {
        return new Obj().put("kind", "ability").put("id", id).put("source", source).put("ability", ability).put("controller", controller);
    }

    /** A permanent; a created token has no card. */
    public static Obj permanent(String id, String card, String name, String owner, String controller, boolean token, boolean tapped, Map<String, Integer> counters) {
        Map<String, Integer> nonZero = new TreeMap<>();
        counters.forEach((k, v) -> {
            if (v != 0) nonZero.put(k, v);
        });
        return new Obj().put("id", id).put("card", card).put("name", name).put("owner", owner).put("controller", controller)
            .put("token", token).put("tapped", tapped).put("counters", nonZero);
    }

    /** A player: the hand is a set (sorted here), the pool without zeros (null: not observed). */
    public static Obj player(String id, int life, Collection<String> hand, List<String> graveyard, JsonObject mana) {
        return player(id, life, hand, graveyard, mana, false);
    }

    /** The same, with `lost` once the player has lost the game (CR 704.5a-b). */
    public static Obj player(String id, int life, Collection<String> hand, List<String> graveyard, JsonObject mana, boolean lost) {
        List<String> sorted = new ArrayList<>(hand);
        sorted.sort(Comparator.naturalOrder());
        JsonObject pool = null;
        if (mana != null) {
            pool = new JsonObject();
            for (String k : mana.keySet()) if (mana.get(k).getAsInt() != 0) pool.add(k, mana.get(k));
        }
        return new Obj().put("id", id).put("life", life).put("hand", sorted).put("graveyard", graveyard).put("mana", pool).put("lost", lost ? Boolean.TRUE : null);
    }

    /** Stack bottom first; permanents by id; p1 then p2. */
    public static JsonObject state(List<Obj> stack, List<Obj> battlefield, List<Obj> players) {
        JsonObject out = new JsonObject();
        out.add("stack", array(stack, null));
        out.add("battlefield", array(battlefield, "id"));
        out.add("players", array(players, "id"));
        return out;
    }

    private static JsonArray array(List<Obj> items, String sortKey) {
        List<JsonObject> list = new ArrayList<>(items.stream().map(Obj::json).toList());
        if (sortKey != null) list.sort(Comparator.comparing(o -> o.get(sortKey).getAsString()));
        JsonArray out = new JsonArray();
        list.forEach(out::add);
        return out;
    }
}
