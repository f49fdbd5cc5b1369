package dev.castcheck.kit;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** The protocol loop: JSON lines on stdin and stdout, logs on stderr (docs/PROTOCOL.md, "Framing"). */
public final class Protocol {
    public static final int VERSION = 1;
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private Protocol() {}

    /** Answers castcheck until stop or the end of input; returns the exit status. */
    public static <G> int serve(Engine<G> engine, java.io.InputStream in, PrintStream out, PrintStream err, boolean check) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isBlank()) continue;
            JsonObject message;
            try {
                message = JsonParser.parseString(line).getAsJsonObject();
            } catch (RuntimeException e) {
                send(out, error(null, "the request is not JSON"));
                continue;
            }
            Integer status = handle(engine, message, out, err, check);
            if (status != null) return status;
        }
        return 0;
    }

    /** Answers one message; returns an exit status when the engine should exit. */
    public static <G> Integer handle(Engine<G> engine, JsonObject message, PrintStream out, PrintStream err, boolean check) {
        String type = message.has("type") ? message.get("type").getAsString() : "";
        switch (type) {
            case "hello" -> {
                JsonElement protocol = message.get("protocol");
                if (protocol == null || !protocol.isJsonPrimitive() || protocol.getAsInt() != VERSION) {
                    send(out, error(null, "this engine speaks protocol " + VERSION + ", not " + protocol));
                    return 1;
                }
                JsonObject hello = new JsonObject();
                hello.addProperty("type", "hello");
                hello.addProperty("protocol", VERSION);
                JsonObject id = new JsonObject();
                id.addProperty("name", engine.name());
                id.addProperty("version", engine.version());
                hello.add("engine", id);
                hello.add("capabilities", engine.capabilities());
                send(out, hello);
            }
            case "run" -> {
                JsonElement requestId = message.get("id");
                JsonObject trace;
                try {
                    trace = Runner.runScenario(engine, message.getAsJsonObject("scenario"));
                } catch (RuntimeException e) {
                    // A bug in the engine: say so, and stay up for the next scenario.
                    StringWriter stack = new StringWriter();
                    e.printStackTrace(new PrintWriter(stack));
                    err.print(stack);
                    err.flush();
                    send(out, error(requestId, e.getClass().getSimpleName() + ": " + e.getMessage()));
                    return null;
                }
                if (check) {
                    for (String problem : TraceCheck.check(message.getAsJsonObject("scenario"), trace)) err.println("castcheck-kit: request " + requestId + ": " + problem);
                    err.flush();
                }
                JsonObject answer = new JsonObject();
                answer.addProperty("type", "trace");
                answer.add("id", requestId);
                answer.add("trace", trace);
                send(out, answer);
            }
            case "stop" -> {
                return 0;
            }
            default -> {
                // Any other type comes from a newer castcheck and is not for this engine.
            }
        }
        return null;
    }

    private static JsonObject error(JsonElement id, String text) {
        JsonObject e = new JsonObject();
        e.addProperty("type", "error");
        if (id != null) e.add("id", id);
        e.addProperty("message", text);
        return e;
    }

    private static void send(PrintStream out, JsonObject message) {
        out.print(GSON.toJson(message));
        out.print('\n');
        out.flush();
    }
}
