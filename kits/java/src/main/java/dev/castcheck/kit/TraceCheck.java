package dev.castcheck.kit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks a trace the way castcheck will, before it is sent: one step per action, reason codes,
 * required fields and id conventions, each problem with its section of docs/PROTOCOL.md.
 */
public final class TraceCheck {
    /** schema/trace.schema.json, RejectionReason (castcheck's tests check that the lists match). */
    public static final List<String> REASONS = List.of(
        "no-such-object", "not-in-hand", "not-a-spell", "empty-stack", "kicker-declared-twice", "kicker-not-printed",
        "splice-card-twice", "splice-card-unavailable", "splice-quality-mismatch", "splice-no-legal-target",
        "target-for-unkicked-part", "wrong-target-count", "illegal-target", "x-mismatch", "sacrifice-mismatch", "cannot-pay",
        "not-a-permanent", "not-in-zone", "illegal-object", "illegal-declaration", "illegal-targets", "illegal-payment", "game-over");

    /** The required fields of each object of the observed state. */
    public static final Map<String, List<String>> REQUIRED = Map.of(
        "spell", List.of("kind", "id", "card", "name", "controller", "copy", "manaValue", "colors", "types", "subtypes", "targets"),
        "ability", List.of("kind", "id", "source", "ability", "controller"),
        "permanent", List.of("id", "name", "owner", "controller", "token", "tapped", "counters"),
        "player", List.of("id", "life", "hand", "graveyard"));

    private static final String DOC = "docs/PROTOCOL.md";

    private TraceCheck() {}

    public static List<String> check(JsonObject scenario, JsonObject trace) {
        List<String> out = new ArrayList<>();
        List<String> actions = new ArrayList<>();
        for (JsonElement a : scenario.getAsJsonArray("actions")) actions.add(a.getAsJsonObject().get("id").getAsString());
        Set<String> cards = new HashSet<>();
        for (JsonElement c : scenario.getAsJsonArray("cards")) cards.add(c.getAsJsonObject().get("id").getAsString());
        JsonArray steps = trace.getAsJsonArray("steps");
        if (steps.size() != actions.size()) out.add("the trace has " + steps.size() + " step(s) for " + actions.size() + " action(s) (" + DOC + "#traces)");
        if (trace.has("initialState")) state("initialState", trace.getAsJsonObject("initialState"), cards, actions, out);
        for (int i = 0; i < Math.min(steps.size(), actions.size()); i++) {
            JsonObject step = steps.get(i).getAsJsonObject();
            String where = "step " + actions.get(i);
            if (!actions.get(i).equals(str(step, "action"))) out.add(where + ": the step names action " + str(step, "action") + " (" + DOC + "#traces)");
            if ("rejected".equals(str(step, "outcome")) && !REASONS.contains(str(step, "reason"))) {
                out.add(where + ": rejected with reason " + str(step, "reason") + ", not a reason code (" + DOC + "#rejections)");
            }
            state(where, step.getAsJsonObject("state"), cards, actions, out);
        }
        return out;
    }

    private static void state(String where, JsonObject st, Set<String> cards, List<String> actions, List<String> out) {
        String alt = actions.isEmpty() ? "(?!)" : actions.stream().map(Pattern::quote).collect(Collectors.joining("|"));
        Pattern token = Pattern.compile("^(" + alt + ")\\.k[1-9][0-9]*$");
        Pattern trigger = Pattern.compile("^(" + alt + ")(\\.r[1-9][0-9]*)?\\.t[1-9][0-9]*$");
        JsonArray stack = st.getAsJsonArray("stack");
        for (int i = 0; i < stack.size(); i++) {
            JsonObject o = stack.get(i).getAsJsonObject();
            String kind = str(o, "kind");
            required(where + ": stack[" + i + "]", o, REQUIRED.getOrDefault(kind, List.of("kind")), out);
            String id = str(o, "id");
            if ("spell".equals(kind) && !cards.contains(id) && !actions.contains(id)) out.add(where + ": stack[" + i + "] id " + id + " is neither a card nor the action that made a copy (" + DOC + "#ids)");
            if ("ability".equals(kind) && (id == null || !trigger.matcher(id).matches())) out.add(where + ": stack[" + i + "] id " + id + " breaks the convention for triggered abilities, <action>.t<k> (" + DOC + "#ids)");
        }
        JsonArray battlefield = st.getAsJsonArray("battlefield");
        for (int i = 0; i < battlefield.size(); i++) {
            JsonObject p = battlefield.get(i).getAsJsonObject();
            required(where + ": battlefield[" + i + "]", p, REQUIRED.get("permanent"), out);
            String id = str(p, "id");
            boolean isToken = p.has("token") && p.get("token").getAsBoolean();
            if (isToken && (id == null || !(token.matcher(id).matches() || actions.contains(id)))) out.add(where + ": battlefield[" + i + "] token id " + id + " breaks the convention for created tokens, <action>.k<n> (" + DOC + "#ids)");
            if (!isToken && !cards.contains(id)) out.add(where + ": battlefield[" + i + "] id " + id + " is not a card of the scenario (" + DOC + "#ids)");
        }
        JsonArray players = st.getAsJsonArray("players");
        for (int i = 0; i < players.size(); i++) required(where + ": players[" + i + "]", players.get(i).getAsJsonObject(), REQUIRED.get("player"), out);
    }

    private static void required(String where, JsonObject o, List<String> fields, List<String> out) {
        for (String f : fields) if (!o.has(f) || o.get(f).isJsonNull()) out.add(where + " has no '" + f + "' (" + DOC + "#required-and-optional-fields)");
    }

    private static String str(JsonObject o, String key) {
        return o.has(key) && !o.get(key).isJsonNull() ? o.get(key).getAsString() : null;
    }
}
