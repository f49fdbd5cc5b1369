package dev.castcheck.kit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** Runs a scenario: one step per action, rejected actions rolled back, untilEmpty one object at a time. */
public final class Runner {
    static final int MAX_RESOLUTIONS = 200;

    private Runner() {}

    public static <G> JsonObject runScenario(Engine<G> engine, JsonObject scenario) {
        G game = engine.newGame(scenario);
        JsonObject trace = new JsonObject();
        trace.addProperty("format", "castcheck-trace/1");
        JsonObject id = new JsonObject();
        id.addProperty("name", engine.name());
        id.addProperty("version", engine.version());
        trace.add("engine", id);
        if (scenario.has("id")) trace.add("scenario", scenario.get("id"));
        if (engine.sendsInitialState()) trace.add("initialState", engine.observe(game));
        JsonArray steps = new JsonArray();
        for (JsonElement element : scenario.getAsJsonArray("actions")) {
            JsonObject action = element.getAsJsonObject();
            JsonObject step = new JsonObject();
            step.add("action", action.get("id"));
            G attempt = engine.copy(game);
            ActionContext ctx = new ActionContext(action);
            try {
                if (engine.gameOver(game)) throw new Rejected("game-over", "a player has lost the game: no action can be taken");
                boolean untilEmpty = action.get("do").getAsString().equals("resolve") && action.has("untilEmpty") && action.get("untilEmpty").getAsBoolean();
                if (untilEmpty) resolveUntilEmpty(engine, attempt, action, ctx);
                else engine.perform(attempt, action, ctx);
                game = attempt;
                step.addProperty("outcome", "accepted");
                if (!ctx.triggered().isEmpty()) step.add("triggered", ctx.triggered());
                if (!ctx.events().isEmpty()) step.add("events", ctx.events());
            } catch (Rejected r) {
                step.addProperty("outcome", "rejected");
                step.addProperty("reason", r.reason());
                step.addProperty("message", r.getMessage());
            } catch (Unsupported u) {
                step.addProperty("outcome", "unsupported");
                step.addProperty("message", u.getMessage());
            }
            step.add("state", engine.observe(game));
            steps.add(step);
        }
        trace.add("steps", steps);
        return trace;
    }

    private static <G> void resolveUntilEmpty(Engine<G> engine, G game, JsonObject action, ActionContext ctx) throws Rejected, Unsupported {
        JsonObject single = action.deepCopy();
        single.remove("untilEmpty");
        while (engine.stackSize(game) > 0 && !engine.gameOver(game)) {
            if (ctx.round() != null && ctx.round() >= MAX_RESOLUTIONS) throw new Rejected("empty-stack", "the stack did not empty after " + MAX_RESOLUTIONS + " resolutions");
            ctx.nextRound();
            engine.perform(game, single, ctx);
        }
    }
}
