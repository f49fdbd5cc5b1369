package dev.castcheck.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KitTest {
    /** A stack of named objects: cast pushes one (rejected above 3), resolve pops one and makes a token; the second resolution triggers an ability. */
    static final class Toy implements Engine<Toy.Game> {
        static final class Game {
            List<String> stack = new ArrayList<>();
            List<String> tokens = new ArrayList<>();
            int resolved;
        }

        public String name() { return "toy"; }
        public String version() { return "1.0"; }
        public JsonObject capabilities() { return JsonParser.parseString("{\"mechanics\":[],\"actions\":[\"cast\",\"resolve\"],\"cards\":{\"synthetic\":false},\"observes\":[]}").getAsJsonObject(); }
        public Game newGame(JsonObject scenario) { return new Game(); }
        public int stackSize(Game g) { return g.stack.size(); }

        public Game copy(Game g) {
            Game c = new Game();
            c.stack = new ArrayList<>(g.stack);
            c.tokens = new ArrayList<>(g.tokens);
            c.resolved = g.resolved;
            return c;
        }

        public void perform(Game g, JsonObject action, ActionContext ctx) throws Rejected, Unsupported {
            switch (action.get("do").getAsString()) {
                case "cast" -> {
                    g.stack.add(action.get("card").getAsString());
                    ctx.event(JsonParser.parseString("{\"kind\":\"move\",\"object\":\"" + action.get("card").getAsString() + "\",\"from\":\"hand\",\"to\":\"stack\"}").getAsJsonObject());
                    if (g.stack.size() > 3) throw new Rejected("cannot-pay", "too many");
                }
                case "resolve" -> {
                    if (g.stack.isEmpty()) throw new Rejected("empty-stack", "nothing to resolve");
                    g.stack.remove(g.stack.size() - 1);
                    g.resolved++;
                    g.tokens.add(ctx.tokenId());
                    if (g.resolved == 2) g.stack.add(ctx.trigger("src", 0, "p1", true));
                }
                default -> throw new Unsupported(action.get("do").getAsString());
            }
        }

        public JsonObject observe(Game g) {
            List<Obj> stack = g.stack.stream().map(i -> i.contains(".t") ? State.triggeredAbility(i, "src", 0, "p1") : State.spell(i, i, "Thing", "p1", "{1}", List.of("Instant"), List.of(), false, null, List.of())).toList();
            List<Obj> battlefield = g.tokens.stream().map(t -> State.permanent(t, null, "Golem Token", "p1", "p1", true, false, Map.of()).put("power", 3).put("toughness", 3)).toList();
            JsonObject pool = new JsonObject();
            pool.addProperty("R", 0);
            pool.addProperty("C", 1);
            return State.state(stack, battlefield, List.of(State.player("p2", 20, List.of(), List.of(), null), State.player("p1", 20, List.of("z", "a"), List.of(), pool)));
        }
    }

    static JsonObject scenario(String... actions) {
        JsonObject s = new JsonObject();
        s.addProperty("format", "castcheck-scenario/1");
        JsonArray cards = new JsonArray();
        JsonArray list = new JsonArray();
        for (int i = 0; i < actions.length; i++) {
            JsonObject a = JsonParser.parseString(actions[i]).getAsJsonObject();
            a.addProperty("id", "a" + (i + 1));
            if (a.has("card")) {
                JsonObject c = new JsonObject();
                c.add("id", a.get("card"));
                cards.add(c);
            }
            list.add(a);
        }
        s.add("cards", cards);
        s.add("players", new JsonArray());
        s.add("actions", list);
        return s;
    }

    static JsonObject pool(String json) {
        return JsonParser.parseString(json).getAsJsonObject();
    }

    @Test
    void genericManaIsPaidColourlessFirstThenWubrg() throws Rejected {
        assertEquals(pool("{\"R\":1}"), Mana.pay(pool("{\"G\":2,\"W\":1,\"C\":1,\"R\":1}"), Mana.parse("{2}{G}{G}")));
        assertEquals(pool("{\"B\":1}"), Mana.pay(pool("{\"U\":1,\"B\":2}"), Mana.parse("{1}{B}")));
        Rejected r = assertThrows(Rejected.class, () -> Mana.pay(pool("{\"R\":1}"), Mana.parse("{R}{R}")));
        assertEquals("cannot-pay", r.reason());
    }

    @Test
    void manaInNormalForm() {
        Mana m = Mana.parse("{X}{R}{2}{C}");
        assertEquals("{X}{2}{C}{R}", m.text());
        assertEquals(7, m.manaValue(3));
        assertEquals("{5}{C}{R}", m.withX(3).text());
        assertEquals("{0}", Mana.parse("").text());
    }

    @Test
    void aRejectedActionLeavesTheGameAsItWas() {
        JsonObject trace = Runner.runScenario(new Toy(), scenario("{\"do\":\"cast\",\"card\":\"a\"}", "{\"do\":\"cast\",\"card\":\"b\"}", "{\"do\":\"cast\",\"card\":\"c\"}", "{\"do\":\"cast\",\"card\":\"d\"}"));
        JsonArray steps = trace.getAsJsonArray("steps");
        JsonObject last = steps.get(3).getAsJsonObject();
        assertEquals("rejected", last.get("outcome").getAsString());
        assertEquals("cannot-pay", last.get("reason").getAsString());
        assertEquals(steps.get(2).getAsJsonObject().get("state"), last.get("state"));
        // What a rejected action did is undone, its events with it.
        assertEquals(JsonParser.parseString("[{\"kind\":\"move\",\"object\":\"a\",\"from\":\"hand\",\"to\":\"stack\"}]"), steps.get(0).getAsJsonObject().get("events"));
        assertFalse(last.has("events"));
    }

    @Test
    void tokensAndTriggersAreNamedByTheConventionsAndUntilEmptyResolvesEachObject() {
        JsonObject s = scenario("{\"do\":\"cast\",\"card\":\"a\"}", "{\"do\":\"cast\",\"card\":\"b\"}", "{\"do\":\"resolve\"}", "{\"do\":\"resolve\",\"untilEmpty\":true}");
        JsonObject trace = Runner.runScenario(new Toy(), s);
        JsonArray steps = trace.getAsJsonArray("steps");
        assertEquals("a3.k1", steps.get(2).getAsJsonObject().getAsJsonObject("state").getAsJsonArray("battlefield").get(0).getAsJsonObject().get("id").getAsString());
        JsonObject last = steps.get(3).getAsJsonObject();
        assertEquals(JsonParser.parseString("[{\"source\":\"src\",\"ability\":0,\"controller\":\"p1\",\"id\":\"a4.r1.t1\"}]"), last.get("triggered"));
        List<String> ids = new ArrayList<>();
        last.getAsJsonObject("state").getAsJsonArray("battlefield").forEach(p -> ids.add(p.getAsJsonObject().get("id").getAsString()));
        assertEquals(List.of("a3.k1", "a4.k1", "a4.k2"), ids);
        assertEquals(List.of(), TraceCheck.check(s, trace));
    }

    @Test
    void theStateIsInNormalForm() {
        JsonObject initial = Runner.runScenario(new Toy(), scenario()).getAsJsonObject("initialState");
        JsonObject p1 = initial.getAsJsonArray("players").get(0).getAsJsonObject();
        assertEquals("p1", p1.get("id").getAsString());
        assertEquals(JsonParser.parseString("[\"a\",\"z\"]"), p1.get("hand"));
        assertEquals(pool("{\"C\":1}"), p1.get("mana"));
        JsonObject spell = State.spell("s", "s", "Comet Storm", "p1", "{X}{R}{R}", List.of("Instant"), List.of(), false, 2, List.of()).put("kicked", null).json();
        assertEquals(4, spell.get("manaValue").getAsInt());
        assertEquals(JsonParser.parseString("[\"R\"]"), spell.get("colors"));
        assertTrue(!spell.has("kicked"));
    }

    @Test
    void checkNamesAWrongTokenIdAndAMissingField() {
        JsonObject s = scenario("{\"do\":\"cast\",\"card\":\"a\"}", "{\"do\":\"resolve\"}");
        JsonObject trace = Runner.runScenario(new Toy(), s);
        JsonArray steps = trace.getAsJsonArray("steps");
        steps.get(1).getAsJsonObject().getAsJsonObject("state").getAsJsonArray("battlefield").get(0).getAsJsonObject().addProperty("id", "golem1");
        steps.get(0).getAsJsonObject().getAsJsonObject("state").getAsJsonArray("stack").get(0).getAsJsonObject().remove("manaValue");
        List<String> problems = TraceCheck.check(s, trace);
        assertTrue(problems.stream().anyMatch(p -> p.contains("token id golem1 breaks the convention for created tokens, <action>.k<n> (docs/PROTOCOL.md#ids)")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("stack[0] has no 'manaValue'")), problems.toString());
    }

    static List<JsonObject> serve(String... lines) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Protocol.serve(new Toy(), new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8)), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), true);
        List<JsonObject> answers = new ArrayList<>();
        for (String l : out.toString(StandardCharsets.UTF_8).split("\n")) if (!l.isBlank()) answers.add(JsonParser.parseString(l).getAsJsonObject());
        JsonObject result = new JsonObject();
        result.addProperty("status", status);
        result.addProperty("stderr", err.toString(StandardCharsets.UTF_8));
        answers.add(0, result);
        return answers;
    }

    @Test
    void theProtocolLoopAnswersHelloAndRunIgnoresUnknownTypesAndStops() throws Exception {
        List<JsonObject> a = serve("{\"type\":\"hello\",\"protocol\":1,\"castcheck\":\"0.1.0\"}", "{\"type\":\"news\"}",
            "{\"type\":\"run\",\"id\":7,\"scenario\":" + scenario("{\"do\":\"resolve\"}") + "}", "{\"type\":\"stop\"}", "{\"type\":\"run\",\"id\":8}");
        assertEquals(0, a.get(0).get("status").getAsInt());
        assertEquals("", a.get(0).get("stderr").getAsString());
        assertEquals(3, a.size());
        assertEquals("toy", a.get(1).getAsJsonObject("engine").get("name").getAsString());
        assertEquals(7, a.get(2).get("id").getAsInt());
        assertEquals("empty-stack", a.get(2).getAsJsonObject("trace").getAsJsonArray("steps").get(0).getAsJsonObject().get("reason").getAsString());
    }

    @Test
    void theProtocolLoopRefusesAnotherVersionAndSurvivesAnEngineBug() throws Exception {
        List<JsonObject> refused = serve("{\"type\":\"hello\",\"protocol\":2,\"castcheck\":\"9.0.0\"}");
        assertEquals(1, refused.get(0).get("status").getAsInt());
        assertTrue(refused.get(1).get("message").getAsString().contains("speaks protocol 1"));
        List<JsonObject> a = serve("{\"type\":\"hello\",\"protocol\":1,\"castcheck\":\"0.1.0\"}", "{\"type\":\"run\",\"id\":1,\"scenario\":{}}", "{\"type\":\"run\",\"id\":2,\"scenario\":" + scenario() + "}");
        assertEquals("error", a.get(2).get("type").getAsString());
        assertEquals(1, a.get(2).get("id").getAsInt());
        assertEquals("trace", a.get(3).get("type").getAsString());
        assertTrue(a.get(0).get("stderr").getAsString().contains("NullPointerException"));
    }
}
