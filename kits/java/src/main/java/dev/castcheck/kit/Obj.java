package dev.castcheck.kit;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** A JSON object built field by field; a null value leaves the field out (an optional field the engine does not report). */
public final class Obj {
    private static final Gson GSON = new Gson();
    private final JsonObject json = new JsonObject();

    public Obj put(String key, Object value) {
        if (value == null) return this;
        JsonElement element = value instanceof Obj o ? o.json : value instanceof JsonElement e ? e : GSON.toJsonTree(value);
        json.add(key, element);
        return this;
    }

    public JsonObject json() {
        return json;
    }
}
