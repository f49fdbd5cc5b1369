package dev.castcheck.kit;

import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A mana cost as printed ("{X}{2}{G}") and castcheck's way of paying it from a pool. */
public final class Mana {
    public static final List<String> COLORS = List.of("W", "U", "B", "R", "G");
    public static final List<String> POOL_KEYS = List.of("W", "U", "B", "R", "G", "C");
    /** Generic mana takes colourless first, then W, U, B, R, G (docs/PROTOCOL.md, default choices). */
    public static final List<String> GENERIC_PAYMENT_ORDER = List.of("C", "W", "U", "B", "R", "G");
    private static final Pattern SYMBOL = Pattern.compile("\\{([^}]+)\\}");

    public final int x;
    public final int generic;
    public final Map<String, Integer> symbols;

    public Mana(int x, int generic, Map<String, Integer> symbols) {
        this.x = x;
        this.generic = generic;
        this.symbols = new LinkedHashMap<>();
        for (String k : POOL_KEYS) this.symbols.put(k, symbols.getOrDefault(k, 0));
    }

    public static Mana parse(String text) {
        int x = 0;
        int generic = 0;
        Map<String, Integer> symbols = new LinkedHashMap<>();
        Matcher m = SYMBOL.matcher(text == null ? "" : text);
        while (m.find()) {
            String s = m.group(1);
            if (s.equals("X")) x++;
            else if (s.chars().allMatch(Character::isDigit)) generic += Integer.parseInt(s);
            else symbols.merge(s, 1, Integer::sum);
        }
        return new Mana(x, generic, symbols);
    }

    public Mana plus(Mana other, int times) {
        Map<String, Integer> sum = new LinkedHashMap<>();
        for (String k : POOL_KEYS) sum.put(k, symbols.get(k) + other.symbols.get(k) * times);
        return new Mana(x + other.x * times, generic + other.generic * times, sum);
    }

    /** {X} becomes generic mana once its value is chosen. */
    public Mana withX(int value) {
        return new Mana(0, generic + x * value, symbols);
    }

    /** CR 202.3: on the stack, X is its chosen value (CR 202.3e). */
    public int manaValue(int xValue) {
        return x * xValue + generic + symbols.values().stream().mapToInt(Integer::intValue).sum();
    }

    public List<String> colors() {
        List<String> out = new ArrayList<>();
        for (String c : COLORS) if (symbols.get(c) > 0) out.add(c);
        return out;
    }

    /** castcheck's normal form: {X}s, generic, then C, W, U, B, R, G; {0} for nothing. */
    public String text() {
        StringBuilder out = new StringBuilder("{X}".repeat(x));
        if (generic > 0) out.append('{').append(generic).append('}');
        for (String k : List.of("C", "W", "U", "B", "R", "G")) out.append(("{" + k + "}").repeat(symbols.get(k)));
        return out.length() == 0 ? "{0}" : out.toString();
    }

    /**
     * CR 601.2h: pays all of the cost and returns the pool left, without zeros, or throws
     * Rejected("cannot-pay"). Symbols take their own mana first, then generic in castcheck's order.
     */
    public static JsonObject pay(JsonObject pool, Mana cost) throws Rejected {
        Map<String, Integer> left = new LinkedHashMap<>();
        for (String k : POOL_KEYS) left.put(k, (pool.has(k) ? pool.get(k).getAsInt() : 0) - cost.symbols.get(k));
        if (left.values().stream().anyMatch(v -> v < 0)) throw new Rejected("cannot-pay", "the mana available cannot pay the total cost");
        int generic = cost.generic;
        for (String k : GENERIC_PAYMENT_ORDER) {
            int take = Math.min(generic, left.get(k));
            left.put(k, left.get(k) - take);
            generic -= take;
        }
        if (generic > 0) throw new Rejected("cannot-pay", "the mana available cannot pay the total cost");
        JsonObject out = new JsonObject();
        left.forEach((k, v) -> {
            if (v != 0) out.addProperty(k, v);
        });
        return out;
    }
}
