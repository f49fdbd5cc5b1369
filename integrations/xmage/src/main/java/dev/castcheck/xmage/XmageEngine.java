package dev.castcheck.xmage;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.castcheck.kit.ActionContext;
import dev.castcheck.kit.Engine;
import dev.castcheck.kit.Protocol;
import dev.castcheck.kit.Rejected;
import dev.castcheck.kit.Unsupported;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import mage.cards.repository.CardRepository;

/**
 * XMage behind castcheck, on the Java kit. XMage's harness plays a scenario's whole script at once
 * (XmageTable); the kit then walks the recording one action at a time, so that framing, ids, the
 * trace's normal form and its checks are the kit's, as for any engine on it.
 */
public final class XmageEngine implements Engine<XmageEngine.Replay> {
    /** The recording of a scenario and how far the kit has walked it. */
    public static final class Replay {
        final XmageTable.Recording recording;
        JsonObject state;
        String consumed;

        Replay(XmageTable.Recording recording, JsonObject state) {
            this.recording = recording;
            this.state = state;
        }
    }

    private final JsonArray known;
    private final String version;

    XmageEngine(JsonArray known, String version) {
        this.known = known;
        this.version = version;
    }

    public String name() {
        return "xmage";
    }

    public String version() {
        return version;
    }

    public JsonObject capabilities() {
        // Only p1 acts and no choice is ever left to castcheck's defaults (the harness is strict):
        // scenarios that need a trigger order, trigger targets, copies' targets or choices on
        // resolution are not generated.
        JsonObject caps = JsonParser.parseString("""
            {"mechanics": ["kicker", "kickerAB", "multikicker", "x", "splice"], "actions": ["cast", "resolve"], "cards": {"synthetic": false},
             "observes": ["stack.kicked", "stack.timesKicked", "stack.manaCost", "stack.x", "permanent.powerToughness", "player.mana", "player.library"], "choices": []}""").getAsJsonObject();
        caps.getAsJsonObject("cards").add("oracle", known);
        return caps;
    }

    public Replay newGame(JsonObject scenario) {
        try {
            XmageTable.Recording r = XmageTable.play(scenario);
            return new Replay(r, r.initial());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public void perform(Replay game, JsonObject action, ActionContext ctx) throws Rejected, Unsupported {
        String id = action.get("id").getAsString();
        XmageTable.Result r = game.recording.results().get(id);
        if (id.equals(game.consumed)) throw new Unsupported("XMage left objects on the stack after resolving until it was empty");
        if (r == null) throw new Unsupported("not recorded");
        switch (r.outcome()) {
            case "unsupported" -> throw new Unsupported(r.message());
            case "rejected" -> throw new Rejected(r.reason(), r.message());
            default -> {
                game.state = r.state();
                game.consumed = id;
            }
        }
    }

    public JsonObject observe(Replay game) {
        return game.state.deepCopy();
    }

    public int stackSize(Replay game) {
        return game.state.getAsJsonArray("stack").size();
    }

    public Replay copy(Replay game) {
        Replay c = new Replay(game.recording, game.state);
        c.consumed = game.consumed;
        return c;
    }

    @Override
    public boolean gameOver(Replay game) {
        for (JsonElement p : game.state.getAsJsonArray("players")) {
            JsonObject o = p.getAsJsonObject();
            if (o.has("lost") && o.get("lost").getAsBoolean()) return true;
        }
        return false;
    }

    /** The catalog's cards XMage's card database knows by name (checked at start). */
    static JsonArray knownCards(Path catalog) throws Exception {
        JsonArray out = new JsonArray();
        for (JsonElement c : JsonParser.parseString(Files.readString(catalog, StandardCharsets.UTF_8)).getAsJsonArray()) {
            String name = c.getAsJsonObject().get("name").getAsString();
            if (CardRepository.instance.findCard(name, true) != null) out.add(name);
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        // XMage logs to stdout; the protocol owns stdout, so everything else goes to stderr.
        PrintStream protocolOut = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        Path catalog = Path.of(args.length > 0 ? args[0] : "catalog/cards.json");
        String version = System.getenv().getOrDefault("XMAGE_VERSION", "unknown");
        new XmageTable(); // its harness fills XMage's card database (Mage.Tests/db) on first use: before the handshake
        XmageEngine engine = new XmageEngine(knownCards(catalog), version);
        System.exit(Protocol.serve(engine, System.in, protocolOut, System.err, true));
    }
}
