package dev.castcheck.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.castcheck.kit.Runner;
import dev.castcheck.kit.TraceCheck;
import org.junit.jupiter.api.Test;

class ExampleEngineTest {
    /** A normalized scenario, as castcheck sends it. */
    static JsonObject scenario(String cards, String hand, String mana, String actions, String p2Battlefield) {
        return JsonParser.parseString("{\"format\":\"castcheck-scenario/1\",\"cards\":" + cards + ",\"players\":["
            + "{\"id\":\"p1\",\"life\":20,\"mana\":" + mana + ",\"hand\":" + hand + ",\"library\":[],\"graveyard\":[],\"battlefield\":[]},"
            + "{\"id\":\"p2\",\"life\":20,\"mana\":{},\"hand\":[],\"library\":[],\"graveyard\":[],\"battlefield\":" + p2Battlefield + "}],"
            + "\"actions\":" + actions + "}").getAsJsonObject();
    }

    static JsonArray steps(JsonObject s) {
        JsonObject trace = Runner.runScenario(new ExampleEngine(), s);
        assertEquals(java.util.List.of(), TraceCheck.check(s, trace));
        return trace.getAsJsonArray("steps");
    }

    @Test
    void genericManaIsPaidWithColourlessFirstThenWubrg() {
        JsonObject step = steps(scenario("[{\"id\":\"pack\",\"oracle\":\"Gnarlid Pack\"}]", "[\"pack\"]", "{\"G\":2,\"W\":1,\"C\":1,\"R\":1}",
            "[{\"id\":\"a1\",\"do\":\"cast\",\"player\":\"p1\",\"card\":\"pack\",\"multikicker\":1}]", "[]")).get(0).getAsJsonObject();
        assertEquals("accepted", step.get("outcome").getAsString());
        assertEquals(JsonParser.parseString("{\"R\":1}"), step.getAsJsonObject("state").getAsJsonArray("players").get(0).getAsJsonObject().get("mana"));
        assertEquals("{2}{G}{G}", step.getAsJsonObject("state").getAsJsonArray("stack").get(0).getAsJsonObject().getAsJsonObject("totalCost").get("mana").getAsString());
    }

    @Test
    void aKickerCostDeclaredTwiceIsRejectedAndChangesNothing() {
        JsonObject step = steps(scenario("[{\"id\":\"bolt\",\"oracle\":\"Burst Lightning\"}]", "[\"bolt\"]", "{\"R\":1,\"C\":8}",
            "[{\"id\":\"a1\",\"do\":\"cast\",\"player\":\"p1\",\"card\":\"bolt\",\"kicker\":[\"A\",\"A\"],\"targets\":[[\"p2\"]]}]", "[]")).get(0).getAsJsonObject();
        assertEquals("kicker-declared-twice", step.get("reason").getAsString());
        assertEquals(JsonParser.parseString("{\"R\":1,\"C\":8}"), step.getAsJsonObject("state").getAsJsonArray("players").get(0).getAsJsonObject().get("mana"));
    }

    @Test
    void cometStormTakesOneMoreTargetPerKickAndKillsCreatures() {
        JsonArray steps = steps(scenario("[{\"id\":\"storm\",\"oracle\":\"Comet Storm\"},{\"id\":\"bears\",\"oracle\":\"Grizzly Bears\"}]", "[\"storm\"]", "{\"R\":2,\"C\":3}",
            "[{\"id\":\"a1\",\"do\":\"cast\",\"player\":\"p1\",\"card\":\"storm\",\"x\":2,\"multikicker\":1,\"targets\":[[\"p2\",\"bears\"]]},{\"id\":\"r\",\"do\":\"resolve\"}]", "[{\"card\":\"bears\"}]"));
        assertEquals(4, steps.get(0).getAsJsonObject().getAsJsonObject("state").getAsJsonArray("stack").get(0).getAsJsonObject().get("manaValue").getAsInt());
        JsonObject after = steps.get(1).getAsJsonObject().getAsJsonObject("state");
        assertEquals(18, after.getAsJsonArray("players").get(1).getAsJsonObject().get("life").getAsInt());
        assertEquals(0, after.getAsJsonArray("battlefield").size());
    }

    @Test
    void aKickedKavuTitanEntersWithThreeCountersAndTrample() {
        JsonArray steps = steps(scenario("[{\"id\":\"kavu\",\"oracle\":\"Kavu Titan\"}]", "[\"kavu\"]", "{\"G\":2,\"C\":3}",
            "[{\"id\":\"a1\",\"do\":\"cast\",\"player\":\"p1\",\"card\":\"kavu\",\"kicker\":[\"A\"]},{\"id\":\"a2\",\"do\":\"resolve\",\"untilEmpty\":true}]", "[]"));
        JsonObject kavu = steps.get(1).getAsJsonObject().getAsJsonObject("state").getAsJsonArray("battlefield").get(0).getAsJsonObject();
        assertEquals(5, kavu.get("power").getAsInt());
        assertEquals(JsonParser.parseString("[\"trample\"]"), kavu.get("keywords"));
    }
}
