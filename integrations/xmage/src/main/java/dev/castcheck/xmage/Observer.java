package dev.castcheck.xmage;

import com.google.gson.JsonObject;
import dev.castcheck.kit.Obj;
import dev.castcheck.kit.State;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import mage.ObjectColor;
import mage.abilities.Ability;
import mage.abilities.keyword.KickerAbility;
import mage.constants.CardType;
import mage.counters.Counter;
import mage.game.Game;
import mage.game.permanent.Permanent;
import mage.game.permanent.PermanentToken;
import mage.game.stack.Spell;
import mage.game.stack.StackObject;
import mage.players.Player;
import mage.target.Target;

/**
 * XMage's game as castcheck's state in normal form (schema/trace.schema.json): its objects named by
 * the scenario's ids (the harness's aliases resolve them at setup), what appears later named by
 * castcheck's conventions (docs/PROTOCOL.md, "Ids"), and XMage's own values for everything else.
 */
final class Observer {
    final Map<UUID, String> players = new HashMap<>();
    private final Map<UUID, String> names = new HashMap<>();
    private final Map<String, UUID> uuids = new HashMap<>();

    void name(UUID uuid, String id) {
        names.put(uuid, id);
        uuids.put(id, uuid);
    }

    String named(UUID uuid) {
        return names.get(uuid);
    }

    UUID uuid(String id) {
        return uuids.get(id);
    }

    /**
     * XMage casts the first card of a name it finds in hand; cards of one name in hand are alike, so
     * when it took another one than the scenario named, the two swap names.
     */
    void castAs(Game game, String cardId, String name) {
        for (StackObject o : game.getStack()) {
            if (!(o instanceof Spell spell) || !spell.getName().equals(name)) continue;
            UUID cast = spell.getCard().getId();
            String other = names.get(cast);
            UUID meant = uuids.get(cardId);
            if (other != null && !other.equals(cardId) && meant != null && game.getPlayer(spell.getOwnerId()).getHand().contains(meant)) {
                name(cast, cardId);
                name(meant, other);
            }
            return; // the top spell of that name is the one just cast
        }
    }

    private String id(UUID uuid, Game game) {
        if (uuid == null) return null;
        if (players.containsKey(uuid)) return players.get(uuid);
        String known = names.get(uuid);
        if (known != null) return known;
        // A spell is targeted by its own id on XMage's stack: castcheck names it by its card (or its copy).
        StackObject spell = game.getStack().getStackObject(uuid);
        if (spell instanceof Spell s && names.containsKey(s.isCopy() ? s.getId() : s.getCard().getId())) return names.get(s.isCopy() ? s.getId() : s.getCard().getId());
        // A card of XMage's own (a test deck's library card drawn by an effect): named after it.
        var card = game.getCard(uuid);
        return "xmage." + (card == null ? "" : card.getName().replaceAll("[^A-Za-z0-9]", "") + ".") + uuid.toString().substring(0, 8);
    }

    JsonObject observe(Game game, String action) {
        List<StackObject> bottomFirst = new ArrayList<>(game.getStack());
        Collections.reverse(bottomFirst); // XMage's stack iterates from the top
        int triggers = 0;
        List<Obj> stack = new ArrayList<>();
        for (StackObject o : bottomFirst) {
            if (o instanceof Spell spell) {
                UUID key = spell.isCopy() ? spell.getId() : spell.getCard().getId();
                if (!names.containsKey(key)) name(key, action); // a copy is named after the action that made it
                String cardId = names.get(spell.isCopy() ? spell.getCard().getId() : key);
                if (cardId == null) cardId = id(spell.getCard().getId(), game);
                List<List<String>> targets = new ArrayList<>();
                for (Ability ability : spell.getSpellAbilities()) {
                    for (Target t : ability.getTargets()) {
                        List<String> group = new ArrayList<>();
                        for (UUID u : t.getTargets()) group.add(id(u, game));
                        targets.add(group);
                    }
                }
                int kicked = KickerAbility.getKickedCounter(game, spell.getSpellAbility());
                stack.add(State.spell(names.get(key), cardId, spell.getName(), players.get(spell.getControllerId()), spell.getManaCost().getText(),
                        types(spell.getCardType(game)), subtypes(spell.getSubtype(game)), spell.isCopy(), null, targets)
                    .put("manaValue", spell.getManaValue()).put("colors", colors(spell.getColor(game)))
                    .put("kicked", kicked > 0).put("timesKicked", kicked)
                    // X as announced (CR 107.3a), only for a cost that has one; XMage's own mana value stays.
                    .put("x", spell.getManaCost().getText().contains("{X}") ? mage.util.CardUtil.getSourceCostsTag(game, spell.getSpellAbility(), "X", 0) : null));
            } else {
                if (!names.containsKey(o.getId())) name(o.getId(), action + ".t" + (++triggers));
                stack.add(State.triggeredAbility(names.get(o.getId()), id(o.getSourceId(), game), 0, players.get(o.getControllerId())));
            }
        }
        int tokens = 0;
        List<Obj> battlefield = new ArrayList<>();
        for (Permanent p : game.getBattlefield().getAllPermanents()) {
            boolean token = p instanceof PermanentToken;
            if (!names.containsKey(p.getId())) name(p.getId(), action + ".k" + (++tokens));
            Map<String, Integer> counters = new TreeMap<>();
            for (Counter c : p.getCounters(game).values()) counters.put(c.getName(), c.getCount());
            boolean creature = p.isCreature(game);
            battlefield.add(State.permanent(names.get(p.getId()), token ? null : names.get(p.getId()), p.getName(), players.get(p.getOwnerId()),
                    players.get(p.getControllerId()), token, p.isTapped(), counters)
                .put("damage", p.getDamage())
                .put("power", creature ? p.getPower().getValue() : null).put("toughness", creature ? p.getToughness().getValue() : null));
        }
        List<Obj> out = new ArrayList<>();
        for (String pid : List.of("p1", "p2")) {
            Player p = game.getPlayer(uuidOf(pid));
            List<String> hand = new ArrayList<>();
            for (UUID u : p.getHand()) hand.add(id(u, game));
            List<String> graveyard = new ArrayList<>();
            for (UUID u : p.getGraveyard()) graveyard.add(id(u, game));
            List<String> library = new ArrayList<>();
            for (UUID u : p.getLibrary().getCardList()) library.add(id(u, game)); // XMage's library iterates from the top
            out.add(State.player(pid, p.getLife(), hand, graveyard, pool(p), p.hasLost()).put("library", library));
        }
        return State.state(stack, battlefield, out);
    }

    /** The mana in the player's pool (CR 106.4), by kind. */
    static JsonObject pool(Player p) {
        var pool = p.getManaPool();
        JsonObject out = new JsonObject();
        out.addProperty("W", pool.getWhite());
        out.addProperty("U", pool.getBlue());
        out.addProperty("B", pool.getBlack());
        out.addProperty("R", pool.getRed());
        out.addProperty("G", pool.getGreen());
        out.addProperty("C", pool.getColorless());
        return out;
    }

    private UUID uuidOf(String player) {
        for (Map.Entry<UUID, String> e : players.entrySet()) if (e.getValue().equals(player)) return e.getKey();
        throw new IllegalStateException("no player " + player);
    }

    private static List<String> types(List<CardType> types) {
        List<String> out = new ArrayList<>();
        for (CardType t : types) out.add(t.toString());
        return out;
    }

    private static List<String> subtypes(Iterable<?> subtypes) {
        List<String> out = new ArrayList<>();
        for (Object s : subtypes) out.add(s.toString());
        return out;
    }

    private static List<String> colors(ObjectColor c) {
        List<String> out = new ArrayList<>();
        if (c.isWhite()) out.add("W");
        if (c.isBlue()) out.add("U");
        if (c.isBlack()) out.add("B");
        if (c.isRed()) out.add("R");
        if (c.isGreen()) out.add("G");
        return out;
    }
}
