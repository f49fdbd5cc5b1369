package dev.castcheck.kit;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/** One action as the engine performs it: its id, and the names of what it creates (docs/PROTOCOL.md, "Ids"). */
public final class ActionContext {
    private final JsonObject action;
    private final String id;
    private Integer round;
    private int tokens;
    private int triggers;
    private final JsonArray triggered = new JsonArray();
    private final JsonArray events = new JsonArray();

    public ActionContext(JsonObject action) {
        this.action = action;
        this.id = action.get("id").getAsString();
    }

    public JsonObject action() {
        return action;
    }

    public String id() {
        return id;
    }

    /** The next token created during this action: {@code <action>.k<n>}, n counted over the whole action. */
    public String tokenId() {
        tokens++;
        return id + ".k" + tokens;
    }

    /**
     * Records an ability that triggered, in the order put on the stack (p1's first, CR 603.3b), and
     * returns its id on the stack: {@code <action>.t<k>}, or {@code <action>.r<round>.t<k>} in untilEmpty.
     * One removed for lack of a legal target ({@code onStack} false) gets no id (CR 603.3d) and null is returned.
     */
    public String trigger(String source, int ability, String controller, boolean onStack) {
        JsonObject event = new JsonObject();
        event.addProperty("source", source);
        event.addProperty("ability", ability);
        event.addProperty("controller", controller);
        String stackId = null;
        if (onStack) {
            triggers++;
            stackId = (round == null ? id : id + ".r" + round) + ".t" + triggers;
            event.addProperty("id", stackId);
        }
        triggered.add(event);
        return stackId;
    }

    JsonArray triggered() {
        return triggered;
    }

    /**
     * Records what happened during this action, in order (docs/PROTOCOL.md, "Events"): an object with
     * {@code kind} "damage" (to, amount), "lifeGain" (player, amount), "counters" (object, counter,
     * amount) or "move" (object, from, to; from left out for a token created), and {@code by}, the id
     * on the stack of the spell or ability whose resolution did it. An engine that records events
     * declares the observable "step.events"; one that records none sends none.
     */
    public void event(JsonObject event) {
        events.add(event);
    }

    JsonArray events() {
        return events;
    }

    void nextRound() {
        round = round == null ? 1 : round + 1;
        triggers = 0;
    }

    Integer round() {
        return round;
    }
}
