// Checks the piece commands modgen writes (modgen.vassal.piece_traits) in the real VASSAL engine and makes it log
// them: loads MODULE.vmod, runs the predefined setup SETUP, starts VASSAL's BasicLogger (as LogHarness does), then
// takes a side in the PlayerRoster and presses keys on pieces through their outermost keyEvent, as VASSAL's menus do:
// Step loss (Ctrl+L) twice and Restore step (Ctrl+Shift+L) once on the first piece with a Steps layer, first as the
// other side (Restricted Access must refuse) and then as the owner; and on the first masked piece (Obscurable), the
// reveal key (Ctrl+U) as the other side (refused; the piece is obscured to it) and then as the owner; and on the
// first other unit on a map with a Place Marker trait, its first place-marker key as the owner (the new marker's name,
// map, position, gpid, its palette slot's gpid, and whether it shares the unit's stack). Every command goes into the log, which BasicLogger.write() writes to OUT. Prints JSON of what the engine reported.
//
// Usage: java -cp CLASSPATH modgen.pieces.PiecesHarness MODULE.vmod SETUP.vsav OUT.vlog
package modgen.pieces;

import static modgen.harness.HarnessSupport.*;

import java.awt.Dimension;
import java.awt.event.InputEvent;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.swing.KeyStroke;
import javax.swing.SwingUtilities;
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.Map;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.command.Command;
import VASSAL.counters.Decorator;
import VASSAL.counters.Embellishment;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyCommand;
import VASSAL.counters.Obscurable;
import VASSAL.counters.PlaceMarker;
import VASSAL.counters.Restricted;
import VASSAL.counters.Stack;
import VASSAL.tools.DataArchive;

public final class PiecesHarness {

  private PiecesHarness() {
  }

  static Embellishment layer(GamePiece p, String name) {
    GamePiece cur = p;
    while (cur instanceof Decorator) {
      if (cur instanceof Embellishment && name.equals(((Embellishment) cur).getLayerName())) {
        return (Embellishment) cur;
      }
      cur = ((Decorator) cur).getInner();
    }
    return null;
  }

  static Obscurable mask(GamePiece p) {
    GamePiece cur = p;
    while (cur instanceof Decorator) {
      if (cur instanceof Obscurable) {
        return (Obscurable) cur;
      }
      cur = ((Decorator) cur).getInner();
    }
    return null;
  }

  static List<GamePiece> allPieces() {
    List<GamePiece> out = new ArrayList<>();
    for (Map m : Map.getMapList()) {
      for (GamePiece top : m.getAllPieces()) {
        out.addAll(top instanceof Stack ? ((Stack) top).asList() : Collections.singletonList(top));
      }
    }
    return out;
  }

  static String chatText() {
    StringBuilder sb = new StringBuilder();
    collectText(GameModule.getGameModule().getChatter(), sb);
    return sb.toString();
  }

  static void collectText(java.awt.Component c, StringBuilder sb) {
    if (c instanceof javax.swing.text.JTextComponent) {
      javax.swing.text.Document doc = ((javax.swing.text.JTextComponent) c).getDocument();
      try {
        sb.append(doc.getText(0, doc.getLength())).append(' ');
      } catch (javax.swing.text.BadLocationException e) {
        sb.append(((javax.swing.text.JTextComponent) c).getText()).append(' ');
      }
    }
    if (c instanceof java.awt.Container) {
      for (java.awt.Component child : ((java.awt.Container) c).getComponents()) {
        collectText(child, sb);
      }
    }
  }

  static String lastLine(String before, String after) {
    if (after.equals(before)) {
      return null;
    }
    String[] lines = after.trim().split("\n");
    return lines[lines.length - 1].trim();
  }

  static void takeSide(String side) {
    GameModule.getGameModule().getPlayerRoster().add(GameModule.getActiveUserId(), "tester", side);
  }

  /** Presses ``key`` on ``p`` as a player would (the outermost piece's keyEvent), logs it; returns the chat line. */
  static String press(GamePiece p, KeyStroke key, boolean[] done) {
    GameModule gm = GameModule.getGameModule();
    String before = chatText();
    Command c = Decorator.getOutermost(p).keyEvent(key);
    done[0] = c != null && !c.isNull();
    if (done[0]) {
      gm.getLogger().log(c);
    }
    return lastLine(before, chatText());
  }

  static void run(String[] a, PrintStream out) throws Exception {
    GameModule.init(new GameModule(new DataArchive(a[0])));
    GameModule gm = GameModule.getGameModule();
    for (Map m : Map.getMapList()) {  // one board per map, at the map's edge buffer (as ModgenHarness does)
      List<Board> boards = new ArrayList<>();
      for (String name : m.getBoardPicker().getAllowableBoardNames()) {
        Board b = m.getBoardPicker().getBoard(name);
        Dimension edge = m.getEdgeBuffer();
        b.setLocation(edge.width, edge.height);
        boards.add(b);
        break;
      }
      m.setBoards(boards);
    }
    PredefinedSetup setup = null;
    for (PredefinedSetup s : gm.getAllDescendantComponentsOf(PredefinedSetup.class)) {
      if (a[1].equals(s.getFileName())) {
        setup = s;
      }
    }
    if (setup == null) {
      throw new IllegalArgumentException("no predefined setup " + a[1]);
    }
    try (InputStream in = setup.getSavedGameContents()) {
      gm.getGameState().decodeSavedGame(in).execute();
    }
    BasicLogger logger = (BasicLogger) gm.getLogger();
    set(logger, "outputFile", new java.io.File(a[2]));
    ((List<?>) get(logger, "logOutput")).clear();
    set(logger, "beginningState", gm.getGameState().getRestoreCommand());
    set(logger, "metadata", new VASSAL.build.module.metadata.SaveMetaData());
    List<String> sides = gm.getPlayerRoster().getSides();
    boolean[] done = new boolean[1];
    StringBuilder sb = new StringBuilder("{\"sides\":[");
    for (int i = 0; i < sides.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(q(sides.get(i)));
    }
    sb.append("]");

    GamePiece stepper = null;
    GamePiece masked = null;
    for (GamePiece p : allPieces()) {
      if (stepper == null && layer(p, "Steps") != null) {
        stepper = p;
      }
      Obscurable o = mask(p);
      if (masked == null && o != null && o.getProperty("obs;") != null) {
        masked = p;
      }
    }
    KeyStroke loss = KeyStroke.getKeyStroke(76, InputEvent.CTRL_DOWN_MASK);
    KeyStroke restore = KeyStroke.getKeyStroke(76, InputEvent.CTRL_DOWN_MASK | InputEvent.SHIFT_DOWN_MASK);
    KeyStroke reveal = KeyStroke.getKeyStroke(85, InputEvent.CTRL_DOWN_MASK);
    if (stepper != null) {
      Embellishment steps = layer(stepper, "Steps");
      String side = ownerSide(stepper, sides);
      String other = otherSide(side, sides);
      sb.append(",\"step\":{\"unit\":").append(q(stepper.getProperty("mg_unit"))).append(",\"owner\":").append(q(side));
      if (other != null) {
        takeSide(other);
        sb.append(",\"restricted_for_other\":").append(q(stepper.getProperty("Restricted")));
        press(stepper, loss, done);
        sb.append(",\"other_pressed\":").append(done[0]).append(",\"level_after_other\":").append(steps.myGetState());
      }
      takeSide(side == null ? sides.get(0) : side);
      sb.append(",\"restricted_for_owner\":").append(q(stepper.getProperty("Restricted")));
      sb.append(",\"levels\":[").append(steps.myGetState());
      String c1 = press(stepper, loss, done);
      sb.append(",").append(steps.myGetState());
      String c2 = press(stepper, loss, done);
      sb.append(",").append(steps.myGetState());
      String c3 = press(stepper, restore, done);
      sb.append(",").append(steps.myGetState()).append("]");
      sb.append(",\"chat\":[").append(q(c1)).append(",").append(q(c2)).append(",").append(q(c3)).append("]");
      // then the owner drags it into its side's Eliminated box on the holding map, as a player removes a unit
      sb.append(",\"eliminated\":").append(q(dropInZone(stepper, "Eliminated — " + side))).append("}");
    }
    if (masked != null) {
      Obscurable o = mask(masked);
      String side = (String) o.getProperty("obs;");
      String other = otherSide(side, sides);
      sb.append(",\"mask\":{\"unit\":").append(q(masked.getProperty("mg_unit"))).append(",\"by\":").append(q(side));
      if (other != null) {
        takeSide(other);
        sb.append(",\"other_obscured_to_me\":").append(q(o.getProperty(VASSAL.counters.Properties.OBSCURED_TO_ME)))
          .append(",\"other_name\":").append(q(Decorator.getOutermost(masked).getName()));
        press(masked, reveal, done);
        sb.append(",\"other_revealed\":").append(done[0]);
      }
      takeSide(side);
      sb.append(",\"owner_obscured_to_others\":").append(q(o.getProperty("ObscuredToOthers")))
        .append(",\"owner_name\":").append(q(Decorator.getOutermost(masked).getName()));
      String chat = press(masked, reveal, done);
      sb.append(",\"revealed\":").append(done[0]).append(",\"after_obscured_to_others\":")
        .append(q(o.getProperty("ObscuredToOthers"))).append(",\"after_name\":")
        .append(q(Decorator.getOutermost(masked).getName())).append(",\"chat\":").append(q(chat)).append("}");
    }
    placeMarker(sb, sides, stepper, masked, done);
    logger.write();
    out.print(sb);
  }

  static PlaceMarker placeTrait(GamePiece p) {
    GamePiece cur = Decorator.getOutermost(p);
    while (cur instanceof Decorator) {
      if (cur instanceof PlaceMarker) {
        return (PlaceMarker) cur;
      }
      cur = ((Decorator) cur).getInner();
    }
    return null;
  }

  /** The owner presses the first Place-marker key of a unit on a map; reports the marker VASSAL put there. */
  static void placeMarker(StringBuilder sb, List<String> sides, GamePiece stepper, GamePiece masked, boolean[] done)
      throws ReflectiveOperationException {
    GamePiece unit = null;
    PlaceMarker pm = null;
    for (GamePiece p : allPieces()) {
      Obscurable o = mask(p);
      if (p == stepper || p == masked || p.getMap() == null || (o != null && o.getProperty("obs;") != null)
          || p.getMap().getMapName().startsWith("Off-map")) {
        continue;
      }
      pm = placeTrait(p);
      if (pm != null) {
        unit = p;
        break;
      }
    }
    if (unit == null) {
      return;
    }
    Field f = PlaceMarker.class.getDeclaredField("command");
    f.setAccessible(true);
    KeyCommand cmd = (KeyCommand) f.get(pm);
    String side = ownerSide(unit, sides);
    takeSide(side == null ? sides.get(0) : side);
    List<GamePiece> before = allPieces();
    String chat = press(unit, cmd.getKeyStroke(), done);
    GamePiece marker = null;
    for (GamePiece p : allPieces()) {
      if (!before.contains(p)) {
        marker = p;
      }
    }
    sb.append(",\"place\":{\"unit\":").append(q(unit.getProperty("mg_unit"))).append(",\"command\":")
      .append(q(cmd.getName())).append(",\"pressed\":").append(done[0]).append(",\"chat\":").append(q(chat))
      .append(",\"unit_map\":").append(q(unit.getMap().getMapName())).append(",\"unit_at\":")
      .append(q(unit.getPosition().x + "," + unit.getPosition().y));
    if (marker != null) {
      Stack st = marker.getParent();
      String slotGpid = null;
      for (VASSAL.build.widget.PieceSlot slot :
           GameModule.getGameModule().getAllDescendantComponentsOf(VASSAL.build.widget.PieceSlot.class)) {
        if (slotGpid == null && marker.getProperty("mg_unit").equals(slot.getPiece().getProperty("mg_unit"))) {
          slotGpid = slot.getGpId();
        }
      }
      sb.append(",\"marker\":").append(q(marker.getProperty("mg_unit"))).append(",\"name\":")
        .append(q(marker.getName())).append(",\"map\":").append(q(marker.getMap() == null ? null
        : marker.getMap().getMapName())).append(",\"at\":")
        .append(q(marker.getPosition().x + "," + marker.getPosition().y))
        .append(",\"same_stack\":").append(st != null && st == unit.getParent())
        .append(",\"index\":").append(st == null ? -1 : st.indexOf(marker))
        .append(",\"unit_index\":").append(st == null ? -1 : st.indexOf(unit))
        .append(",\"gpid\":").append(q(marker.getProperty(VASSAL.counters.Properties.PIECE_ID)))
        .append(",\"slot_gpid\":").append(q(slotGpid));
    }
    sb.append("}");
  }

  /**
   * Drops ``p`` at the centre of the zone named ``zone`` (on whichever map has it) through the map's PieceMover, as
   * a drag and drop does (which logs the move); returns the location VASSAL then names for the piece (null: no zone).
   */
  static String dropInZone(GamePiece p, String zone) throws ReflectiveOperationException {
    for (Map m : Map.getMapList()) {
      for (Board b : m.getBoards()) {
        for (VASSAL.build.module.map.boardPicker.board.mapgrid.Zone z :
             b.getAllDescendantComponentsOf(VASSAL.build.module.map.boardPicker.board.mapgrid.Zone.class)) {
          if (!z.getName().equals(zone)) {
            continue;
          }
          java.awt.Rectangle r = z.getBounds();
          java.awt.Point at = new java.awt.Point(b.bounds().x + r.x + r.width / 2, b.bounds().y + r.y + r.height / 2);
          VASSAL.counters.DragBuffer.getBuffer().clear();
          VASSAL.counters.DragBuffer.getBuffer().add(p);
          VASSAL.build.module.map.PieceMover mover = m.getComponentsOf(VASSAL.build.module.map.PieceMover.class).get(0);
          java.lang.reflect.Method drop = VASSAL.build.module.map.PieceMover.class.getDeclaredMethod(
            "performDrop", java.awt.Point.class);
          drop.setAccessible(true);
          drop.invoke(mover, at);  // performDrop sends and logs the move itself (sendAndLog)
          VASSAL.counters.DragBuffer.getBuffer().clear();
          return p.getMap() == null ? null : p.getMap().locationName(p.getPosition());
        }
      }
    }
    return null;
  }

  /** The side the piece's Restricted Access trait names (its ``side`` field, as VASSAL parsed the type). */
  static String ownerSide(GamePiece p, List<String> sides) throws ReflectiveOperationException {
    GamePiece cur = Decorator.getOutermost(p);
    while (cur instanceof Decorator) {
      if (cur instanceof Restricted) {
        Field f = Restricted.class.getDeclaredField("side");
        f.setAccessible(true);
        String[] named = (String[]) f.get(cur);
        return named.length > 0 ? named[0] : null;
      }
      cur = ((Decorator) cur).getInner();
    }
    return null;
  }

  static String otherSide(String side, List<String> sides) {
    for (String s : sides) {
      if (!s.equals(side)) {
        return s;
      }
    }
    return null;
  }

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
    System.setOut(System.err);
    closeDialogs();
    VASSAL.Info.setConfig(new VASSAL.launch.StandardConfig());
    Class<?> mm = Class.forName("VASSAL.launch.Player$PlayerMenuManager");
    Constructor<?> ctor = mm.getDeclaredConstructor();
    ctor.setAccessible(true);
    ctor.newInstance();
    final java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
    final PrintStream body = new PrintStream(buf, true, "UTF-8");
    final Exception[] failure = new Exception[1];
    SwingUtilities.invokeAndWait(() -> {
      try {
        run(args, body);
      } catch (Exception e) {
        failure[0] = e;
        e.printStackTrace();
      }
    });
    SwingUtilities.invokeAndWait(() -> { });
    if (failure[0] != null) {
      out.print("{\"fatal\":" + q(failure[0].toString()));
    } else {
      out.print(buf.toString("UTF-8"));
    }
    List<String> quoted = new ArrayList<>();
    synchronized (ERRORS) {
      for (String e : ERRORS) {
        quoted.add(q(e));
      }
    }
    out.print(",\"errors\":[" + String.join(",", quoted) + "]}\n");
    out.flush();
    System.exit(0);
  }
}
