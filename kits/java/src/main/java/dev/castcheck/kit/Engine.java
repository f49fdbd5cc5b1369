package dev.castcheck.kit;

import com.google.gson.JsonObject;

/**
 * What a shim writes: a game built from castcheck's scenario (in normal form, docs/PROTOCOL.md), one
 * action at a time on it, and the state in the trace's normal form. The kit does the rest.
 *
 * @param <G> the engine's game
 */
public interface Engine<G> {
    String name();

    String version();

    /** What the engine declares (schema/capabilities.schema.json): castcheck generates nothing else. */
    JsonObject capabilities();

    G newGame(JsonObject scenario);

    /**
     * Performs one action on a copy of the game, kept only if this returns. A resolve with untilEmpty
     * arrives as single resolves, one per object on the stack.
     */
    void perform(G game, JsonObject action, ActionContext ctx) throws Rejected, Unsupported;

    /** The state in normal form ({@link State} helps). */
    JsonObject observe(G game);

    int stackSize(G game);

    /** A copy to perform an action on, so that a rejected one leaves the game as it was (CR 733.1). */
    G copy(G game);

    /**
     * Whether a player has lost (CR 104.2a, 704.5a-b): the kit then rejects every later action as
     * game-over and stops resolving. An engine whose players never lose keeps this.
     */
    default boolean gameOver(G game) {
        return false;
    }

    /** Whether traces carry the engine's own view of the start (trace.initialState). */
    default boolean sendsInitialState() {
        return true;
    }
}
