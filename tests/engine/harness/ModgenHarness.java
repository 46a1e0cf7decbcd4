// Loads a .vmod in the real VASSAL engine and prints, as JSON on stdout, what the engine makes of it:
// load errors, every PieceSlot expanded into its traits, the grid label at requested points, and each
// predefined setup's pieces after executing it. Used by tests/test_engine_vassal.py (run under Xvfb).
//
// Usage: java -cp ... ModgenHarness MODULE.vmod POINTS.tsv
//   POINTS.tsv: one query per line, "mapName<TAB>x<TAB>y" in board pixels (the board is placed at the map's edge buffer).
package modgen.harness;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.AppenderBase;
import java.awt.Dimension;
import java.awt.Point;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.swing.SwingUtilities;
import org.slf4j.LoggerFactory;
import VASSAL.build.GameModule;
import VASSAL.build.module.Map;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.widget.PieceSlot;
import VASSAL.command.Command;
import VASSAL.counters.Decorator;
import VASSAL.counters.Embellishment;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Marker;
import VASSAL.counters.PieceCloner;
import VASSAL.counters.Stack;
import VASSAL.tools.DataArchive;

public final class ModgenHarness {
  private static final int TURN_STEPS = 40;
  private static final List<String> ERRORS = Collections.synchronizedList(new ArrayList<>());

  private ModgenHarness() {
  }

  /** Records every WARN/ERROR the engine logs (ErrorDialog, BadDataReport, Builder all log through slf4j). */
  static final class Recorder extends AppenderBase<ILoggingEvent> {
    @Override
    protected void append(ILoggingEvent e) {
      if (e.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.WARN)) {
        StringBuilder sb = new StringBuilder(e.getLevel() + " " + e.getLoggerName() + ": " + e.getFormattedMessage());
        IThrowableProxy t = e.getThrowableProxy();
        while (t != null) {
          sb.append(" [").append(t.getClassName()).append(": ").append(t.getMessage()).append("]");
          t = t.getCause();
        }
        ERRORS.add(sb.toString());
      }
    }
  }

  /** Text of every label/text component in a window (a dialog's message). */
  static void collectText(java.awt.Component c, StringBuilder sb) {
    if (c instanceof javax.swing.JLabel) {
      sb.append(((javax.swing.JLabel) c).getText()).append(' ');
    } else if (c instanceof javax.swing.text.JTextComponent) {
      javax.swing.text.Document doc = ((javax.swing.text.JTextComponent) c).getDocument();
      try {
        sb.append(doc.getText(0, doc.getLength())).append(' ');  // plain text, also of HTML panes
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

  /**
   * VASSAL reports problems in modal dialogs, which would block the harness forever: record each dialog's
   * text as an error and close it.
   */
  static void startDialogCloser() {
    Thread t = new Thread(() -> {
      java.util.Set<java.awt.Window> seen = java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>());
      while (true) {
        for (java.awt.Window w : java.awt.Window.getWindows()) {
          // modal only: a second map's window is a non-modal dialog, not a problem report
          if (w instanceof java.awt.Dialog && ((java.awt.Dialog) w).isModal() && w.isVisible() && seen.add(w)) {
            StringBuilder sb = new StringBuilder();
            collectText(w, sb);
            ERRORS.add("dialog '" + ((java.awt.Dialog) w).getTitle() + "': " + sb.toString().trim());
            SwingUtilities.invokeLater(w::dispose);
          }
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "modgen-dialog-closer");
    t.setDaemon(true);
    t.start();
  }

  static String q(Object o) {
    if (o == null) {
      return "null";
    }
    String s = o.toString();
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': sb.append("\\\""); break;
        case '\\': sb.append("\\\\"); break;
        case '\n': sb.append("\\n"); break;
        case '\r': sb.append("\\r"); break;
        case '\t': sb.append("\\t"); break;
        default:
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    return sb.append('"').toString();
  }

  /** Traits outermost first (each decorator's own type string), BasicPiece last. */
  static String traitsJson(GamePiece p) {
    List<String> parts = new ArrayList<>();
    GamePiece cur = p;
    while (cur instanceof Decorator) {
      parts.add(q(((Decorator) cur).myGetType()));
      cur = ((Decorator) cur).getInner();
    }
    parts.add(q(cur.getType()));
    return "[" + String.join(",", parts) + "]";
  }

  static String markersJson(GamePiece p) {
    List<String> parts = new ArrayList<>();
    GamePiece cur = p;
    while (cur instanceof Decorator) {
      if (cur instanceof Marker) {
        for (String k : ((Marker) cur).getKeys()) {
          parts.add(q(k) + ":" + q(cur.getProperty(k)));
        }
      }
      cur = ((Decorator) cur).getInner();
    }
    return "{" + String.join(",", parts) + "}";
  }

  static String faceJson(GamePiece p) {
    GamePiece cur = p;
    while (cur instanceof Decorator) {
      if (cur instanceof Embellishment && "Face".equals(((Embellishment) cur).getLayerName())) {
        // the Layer's own state: the 1-based active level, as modgen wrote it (negative = inactive)
        return q(((Embellishment) cur).myGetState());
      }
      cur = ((Decorator) cur).getInner();
    }
    return "null";
  }

  /** Takes, in the PlayerRoster, the side the piece's Restricted Access trait names (nothing if it has none). */
  static void takeOwnersSide(GamePiece p) throws ReflectiveOperationException {
    GamePiece cur = p;
    while (cur instanceof Decorator) {
      if (cur instanceof VASSAL.counters.Restricted) {
        java.lang.reflect.Field f = VASSAL.counters.Restricted.class.getDeclaredField("side");
        f.setAccessible(true);
        String[] sides = (String[]) f.get(cur);
        if (sides.length > 0) {
          GameModule.getGameModule().getPlayerRoster().add(GameModule.getActiveUserId(), "tester", sides[0]);
        }
        return;
      }
      cur = ((Decorator) cur).getInner();
    }
  }

  static String pieceJson(GamePiece p) {
    Map m = p.getMap();
    Point pos = p.getPosition();
    String label = m == null ? null : m.locationName(pos);
    return "{\"name\":" + q(p.getName()) + ",\"map\":" + q(m == null ? null : m.getMapName())
      + ",\"x\":" + pos.x + ",\"y\":" + pos.y + ",\"label\":" + q(label)
      + ",\"face\":" + faceJson(p) + ",\"degrees\":" + q(p.getProperty("Facing_Degrees"))
      + ",\"red_dir\":" + redDirection(p) + ",\"markers\":" + markersJson(p) + "}";
  }

  /**
   * Draws the piece as VASSAL does and returns the direction (degrees clockwise from up) from the piece's centre to
   * the centroid of its pure-red pixels, or null if it has none. Test counters carry a red band at their top edge,
   * so this is where the piece "faces" on screen.
   */
  static String redDirection(GamePiece p) {
    int size = 400;
    java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(size, size,
      java.awt.image.BufferedImage.TYPE_INT_ARGB);
    java.awt.Graphics2D g = img.createGraphics();
    p.draw(g, size / 2, size / 2, null, 1.0);
    g.dispose();
    double sx = 0, sy = 0;
    int n = 0;
    for (int y = 0; y < size; y++) {
      for (int x = 0; x < size; x++) {
        int rgb = img.getRGB(x, y);
        if ((rgb >>> 24) > 200 && ((rgb >> 16) & 0xff) > 200 && ((rgb >> 8) & 0xff) < 60 && (rgb & 0xff) < 60) {
          sx += x - size / 2.0;
          sy += y - size / 2.0;
          n++;
        }
      }
    }
    if (n == 0) {
      return "null";
    }
    double deg = Math.toDegrees(Math.atan2(sx / n, -sy / n));
    return Long.toString(Math.round((deg + 360) % 360));
  }

  static void placeBoards() {
    for (Map m : Map.getMapList()) {
      List<Board> boards = new ArrayList<>();
      for (String name : m.getBoardPicker().getAllowableBoardNames()) {
        Board b = m.getBoardPicker().getBoard(name);
        Dimension edge = m.getEdgeBuffer();
        b.setLocation(edge.width, edge.height);
        boards.add(b);
        break; // modgen writes one board per map
      }
      m.setBoards(boards);
    }
  }

  static Map mapNamed(String name) {
    for (Map m : Map.getMapList()) {
      if (m.getMapName().equals(name)) {
        return m;
      }
    }
    return null;
  }

  static void run(String vmod, String pointsFile, PrintStream out) throws Exception {
    GameModule.init(new GameModule(new DataArchive(vmod)));
    GameModule gm = GameModule.getGameModule();
    out.print("{\"module\":" + q(gm.getGameName()));

    out.print(",\"slots\":[");
    boolean first = true;
    for (PieceSlot slot : gm.getAllDescendantComponentsOf(PieceSlot.class)) {
      GamePiece p = PieceCloner.getInstance().clonePiece(slot.getPiece());
      out.print((first ? "" : ",") + "{\"name\":" + q(slot.getName()) + ",\"gpid\":" + q(slot.getGpId())
        + ",\"traits\":" + traitsJson(p) + ",\"markers\":" + markersJson(p) + ",\"face\":" + faceJson(p) + "}");
      first = false;
    }
    out.print("]");

    placeBoards();
    out.print(",\"labels\":[");
    first = true;
    List<String> lines = Files.readAllLines(Paths.get(pointsFile), StandardCharsets.UTF_8);
    for (String line : lines) {
      if (line.isEmpty()) {
        continue;
      }
      String[] f = line.split("\t");
      Map m = mapNamed(f[0]);
      String label = null;
      if (m != null) {
        Dimension edge = m.getEdgeBuffer();
        label = m.locationName(new Point(Integer.parseInt(f[1]) + edge.width, Integer.parseInt(f[2]) + edge.height));
      }
      out.print((first ? "" : ",") + "{\"map\":" + q(f[0]) + ",\"x\":" + f[1] + ",\"y\":" + f[2] + ",\"label\":" + q(label) + "}");
      first = false;
    }
    out.print("]");

    out.print(",\"setups\":[");
    first = true;
    for (PredefinedSetup setup : gm.getAllDescendantComponentsOf(PredefinedSetup.class)) {
      if (setup.isMenu() || !setup.isUseFile()) {
        continue;
      }
      out.print((first ? "" : ",") + "{\"name\":" + q(setup.getConfigureName()) + ",\"file\":" + q(setup.getFileName()));
      first = false;
      String error = null;
      List<String> pieces = new ArrayList<>();
      String flipJson = "null";
      try (InputStream in = setup.getSavedGameContents()) {
        Command c = gm.getGameState().decodeSavedGame(in);
        if (c == null) {
          error = "decodeSavedGame returned null";
        } else {
          c.execute();
          GamePiece flippable = null;
          for (Map m : Map.getMapList()) {
            for (GamePiece top : m.getAllPieces()) {
              List<GamePiece> members = new ArrayList<>();
              if (top instanceof Stack) {
                members.addAll(((Stack) top).asList());
              } else {
                members.add(top);
              }
              for (GamePiece p : members) {
                if (isTrackMarker(p)) {
                  continue;  // the turn record track's marker: reported by turnTrack, not a unit
                }
                pieces.add(pieceJson(p));
                if (flippable == null && !"null".equals(faceJson(p))) {
                  flippable = p;
                }
              }
            }
          }
          if (flippable != null) {
            // Flip it as a player would (Ctrl+F): the Face layer must advance and ReportState must report it.
            takeOwnersSide(flippable);  // Restricted Access: only the owning side may flip it
            String before = faceJson(flippable);
            String chatBefore = chatText();
            Command flip = flippable.keyEvent(javax.swing.KeyStroke.getKeyStroke(70, java.awt.event.InputEvent.CTRL_DOWN_MASK));
            flipJson = "{\"unit\":" + q(flippable.getProperty("mg_unit")) + ",\"before\":" + before
              + ",\"after\":" + faceJson(flippable) + ",\"command\":" + q(flip == null ? null : gm.encode(flip))
              + ",\"chat\":" + q(newText(chatBefore, chatText())) + "}";
          }
        }
      } catch (Exception e) {
        error = e.toString();
      }
      out.print(",\"error\":" + q(error) + ",\"flip\":" + flipJson + ",\"pieces\":[" + String.join(",", pieces) + "]}");
      try {
        gm.getGameState().setModified(false);  // the flip changed the game: close it without a "Save?" prompt
        gm.getGameState().setup(false);
      } catch (Exception e) {
        ERRORS.add("closing the setup failed: " + e);
      }
      placeBoards();
    }
    out.print("]");

    // Presentation (issue #24): the palette's formation grids, each main map's opening zoom, the Help entries.
    out.print(",\"palette\":[");
    first = true;
    for (VASSAL.build.widget.PanelWidget w : gm.getAllDescendantComponentsOf(VASSAL.build.widget.PanelWidget.class)) {
      int n = w.getAllDescendantComponentsOf(PieceSlot.class).size();
      out.print((first ? "" : ",") + "{\"class\":" + q(w.getClass().getName()) + ",\"name\":" + q(w.getConfigureName())
        + ",\"slots\":" + n + ",\"columns\":" + q(w.getAttributeValueString("nColumns")) + "}");
      first = false;
    }
    out.print("],\"zooms\":{");
    first = true;
    for (Map m : Map.getMapList()) {
      out.print((first ? "" : ",") + q(m.getMapName()) + ":" + (m.getZoomer() == null ? "null" : Double.toString(m.getZoom())));
      first = false;
    }
    out.print("},\"help\":[");
    first = true;
    for (VASSAL.build.module.documentation.HelpFile h :
         gm.getAllDescendantComponentsOf(VASSAL.build.module.documentation.HelpFile.class)) {
      out.print((first ? "" : ",") + q(h.getConfigureName()));
      first = false;
    }
    out.print("]");

    // Step each turn tracker forward as the Next button does and record what it displays at each step.
    out.print(",\"turns\":[");
    first = true;
    for (VASSAL.build.module.turn.TurnTracker tt :
         gm.getAllDescendantComponentsOf(VASSAL.build.module.turn.TurnTracker.class)) {
      java.lang.reflect.Method shown = VASSAL.build.module.turn.TurnTracker.class.getDeclaredMethod("getTurnString");
      java.lang.reflect.Method next = VASSAL.build.module.turn.TurnTracker.class.getDeclaredMethod("next");
      shown.setAccessible(true);
      next.setAccessible(true);
      List<String> steps = new ArrayList<>();
      for (int i = 0; i < TURN_STEPS; i++) {
        steps.add(q(shown.invoke(tt)));
        next.invoke(tt);
      }
      // the levels as VASSAL built them: name (the Set Turn dialog's field label), property, list entries
      List<String> levels = new ArrayList<>();
      for (VASSAL.build.module.turn.ListTurnLevel lv :
           tt.getAllDescendantComponentsOf(VASSAL.build.module.turn.ListTurnLevel.class)) {
        List<String> items = new ArrayList<>();
        for (String item : VASSAL.configure.StringArrayConfigurer.stringToArray(lv.getAttributeValueString("list"))) {
          items.add(q(item));
        }
        levels.add("{\"name\":" + q(lv.getConfigureName()) + ",\"property\":"
          + q(lv.getAttributeValueString("property")) + ",\"list\":[" + String.join(",", items) + "]}");
      }
      out.print((first ? "" : ",") + "{\"name\":" + q(tt.getConfigureName()) + ",\"steps\":["
        + String.join(",", steps) + "],\"levels\":[" + String.join(",", levels) + "]}");
      first = false;
    }
    out.print("]");

    // The module's Global Key Commands (phase chores): name, key sent, property filter.
    out.print(",\"chores\":[");
    first = true;
    for (VASSAL.build.module.GlobalKeyCommand g :
         gm.getAllDescendantComponentsOf(VASSAL.build.module.GlobalKeyCommand.class)) {
      out.print((first ? "" : ",") + "{\"name\":" + q(g.getConfigureName()) + ",\"key\":"
        + q(g.getAttributeValueString("hotkey")) + ",\"filter\":" + q(g.getAttributeValueString("filter")) + "}");
      first = false;
    }
    out.print("]");

    // Global properties (a plugin's per-side tracks, CoH CAPs/APs): name, value, limits, buttons; then the first
    // button (-1) is pressed as a player does and the value read again, and one change is encoded as the engine
    // logs it (the adapter's input); the value is then put back.
    out.print(",\"globals\":[");
    first = true;
    for (VASSAL.build.module.properties.GlobalProperty gp :
         gm.getAllDescendantComponentsOf(VASSAL.build.module.properties.GlobalProperty.class)) {
      String pname = gp.getConfigureName();
      VASSAL.build.module.properties.MutableProperty mp = gm.getMutableProperty(pname);
      String start = mp == null ? null : mp.getPropertyValue();
      List<String> buttons = new ArrayList<>();
      String pressed = null;
      for (VASSAL.build.module.properties.ChangePropertyButton b :
           gp.getAllDescendantComponentsOf(VASSAL.build.module.properties.ChangePropertyButton.class)) {
        buttons.add(q(b.getAttributeValueString("text")));
        if (pressed == null && mp != null) {
          b.launch();
          pressed = mp.getPropertyValue();
        }
      }
      String encoded = null;
      if (mp != null) {
        mp.setPropertyValue(start);
        VASSAL.command.Command c = mp.setPropertyValue("2");
        encoded = gm.encode(c);
        mp.setPropertyValue(start);
      }
      out.print((first ? "" : ",") + "{\"name\":" + q(pname) + ",\"value\":" + q(start) + ",\"min\":"
        + q(gp.getAttributeValueString("min")) + ",\"max\":" + q(gp.getAttributeValueString("max"))
        + ",\"numeric\":" + q(gp.getAttributeValueString("isNumeric")) + ",\"buttons\":["
        + String.join(",", buttons) + "],\"after_first\":" + q(pressed) + ",\"encoded\":" + q(encoded) + "}");
      first = false;
    }
    out.print("]");

    // Grids (issue #24): each map's board grid as VASSAL built it; for a ZonedGrid its zones (name, bounds in board
    // pixels, the grid inside, the location VASSAL names at the zone's centre) and its background grid.
    out.print(",\"grids\":[");
    first = true;
    for (Map m : Map.getMapList()) {
      for (Board b : m.getBoards()) {
        VASSAL.build.module.map.boardPicker.board.MapGrid g = b.getGrid();
        out.print((first ? "" : ",") + "{\"map\":" + q(m.getMapName()) + ",\"board\":" + q(b.getName())
          + ",\"size\":[" + b.bounds().width + "," + b.bounds().height + "]"
          + ",\"class\":" + q(g == null ? null : g.getClass().getSimpleName()));
        first = false;
        if (g instanceof VASSAL.build.module.map.boardPicker.board.ZonedGrid) {
          VASSAL.build.module.map.boardPicker.board.ZonedGrid zg = (VASSAL.build.module.map.boardPicker.board.ZonedGrid) g;
          VASSAL.build.module.map.boardPicker.board.MapGrid bg = zg.getBackgroundGrid();
          out.print(",\"background\":" + q(bg == null ? null : bg.getClass().getSimpleName()) + ",\"zones\":[");
          boolean firstZone = true;
          for (java.util.Iterator<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone> it = zg.getZones(); it.hasNext(); ) {
            VASSAL.build.module.map.boardPicker.board.mapgrid.Zone z = it.next();
            java.awt.Rectangle r = z.getBounds();
            Point centre = new Point(r.x + r.width / 2, r.y + r.height / 2);
            VASSAL.build.module.map.boardPicker.board.MapGrid zgrid = z.getGrid();
            out.print((firstZone ? "" : ",") + "{\"name\":" + q(z.getName()) + ",\"bounds\":[" + r.x + "," + r.y + ","
              + r.width + "," + r.height + "],\"grid\":" + q(zgrid == null ? null : zgrid.getClass().getSimpleName())
              + ",\"numbering\":" + q(zgrid == null || zgrid.getGridNumbering() == null ? null
                : zgrid.getGridNumbering().getClass().getSimpleName())
              + ",\"label\":" + q(zg.locationName(centre)) + "}");
            firstZone = false;
          }
          out.print("]");
        }
        out.print("}");
      }
    }
    out.print("]");

    // Roll every die button once (DiceButton.DR, what its toolbar button does) and keep the chat line it writes.
    out.print(",\"dice\":[");
    first = true;
    for (VASSAL.build.module.DiceButton d : gm.getAllDescendantComponentsOf(VASSAL.build.module.DiceButton.class)) {
      if ("true".equals(d.getAttributeValueString("prompt"))) {
        // it would ask for the number of dice in a dialog; the harness cannot answer it
        out.print((first ? "" : ",") + "{\"name\":" + q(d.getConfigureName()) + ",\"chat\":null}");
        first = false;
        continue;
      }
      String before = chatText();
      java.lang.reflect.Method dr = VASSAL.build.module.DiceButton.class.getDeclaredMethod("DR");
      dr.setAccessible(true);
      dr.invoke(d);
      out.print((first ? "" : ",") + "{\"name\":" + q(d.getConfigureName()) + ",\"chat\":" + q(newText(before, chatText())) + "}");
      first = false;
    }
    out.print("]");

    // Charts window (issue #24, charts part): each chart's tab name and its image as the module's archive serves it.
    out.print(",\"charts\":[");
    first = true;
    for (VASSAL.build.widget.Chart c : gm.getAllDescendantComponentsOf(VASSAL.build.widget.Chart.class)) {
      String file = c.getAttributeValueString("fileName");
      int w = -1, h = -1;
      try (InputStream in = gm.getDataArchive().getInputStream("images/" + file)) {
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(in);
        if (img != null) { w = img.getWidth(); h = img.getHeight(); }
      }
      catch (Exception e) { /* w, h stay -1: the test reports the missing image */ }
      out.print((first ? "" : ",") + "{\"name\":" + q(c.getAttributeValueString("chartName")) + ",\"file\":" + q(file)
        + ",\"w\":" + w + ",\"h\":" + h + "}");
      first = false;
    }
    out.print("]");

    out.print(",\"track\":" + turnTrack(gm));
  }

  // ---- the turn record track and the phase chores (issue #24) ---------------------------------------------------

  static boolean isTrackMarker(GamePiece p) {
    Object v = p.getProperty("mg_track");
    return v != null && !"".equals(v.toString());
  }

  /** Every piece on every map, stacks opened. */
  static List<GamePiece> allPieces() {
    List<GamePiece> out = new ArrayList<>();
    for (Map m : Map.getMapList()) {
      for (GamePiece top : m.getAllPieces()) {
        if (top instanceof Stack) {
          out.addAll(((Stack) top).asList());
        } else {
          out.add(top);
        }
      }
    }
    return out;
  }

  static String markerWhere() {
    List<String> parts = new ArrayList<>();
    for (GamePiece p : allPieces()) {
      if (isTrackMarker(p)) {
        parts.add("{\"track\":" + q(p.getProperty("mg_track")) + ",\"map\":" + q(p.getMap().getMapName())
          + ",\"label\":" + q(p.getMap().locationName(p.getPosition())) + ",\"name\":" + q(p.getName()) + "}");
      }
    }
    return "[" + String.join(",", parts) + "]";
  }

  /**
   * The track maps (name, button, zones), and for each set-up: where the marker stands, then where it stands after
   * each Next of its turn tracker through the first turn's phases and into the second turn, then after one
   * Previous. The main window is shown first, as in play: a toolbar button takes its hotkey only when showing.
   * On the first set-up, every phase chore is pressed (see chores()).
   */
  static String turnTrack(GameModule gm) throws Exception {
    gm.getPlayerWindow().setVisible(true);
    StringBuilder sb = new StringBuilder("{\"maps\":[");
    boolean first = true;
    for (Map m : Map.getMapList()) {
      if (!m.getMapName().startsWith("turntrack")) {
        continue;
      }
      List<String> zones = new ArrayList<>();
      for (VASSAL.build.module.map.boardPicker.board.mapgrid.Zone z :
           m.getAllDescendantComponentsOf(VASSAL.build.module.map.boardPicker.board.mapgrid.Zone.class)) {
        zones.add(q(z.getName()));
      }
      sb.append(first ? "" : ",").append("{\"name\":").append(q(m.getMapName())).append(",\"button\":")
        .append(q(m.getAttributeValueString("buttonName"))).append(",\"launch\":")
        .append(q(m.getAttributeValueString("launch"))).append(",\"zones\":[").append(String.join(",", zones))
        .append("]}");
      first = false;
    }
    sb.append("],\"hotkeys\":[");
    first = true;
    for (VASSAL.build.module.turn.TurnGlobalHotkey h :
         gm.getAllDescendantComponentsOf(VASSAL.build.module.turn.TurnGlobalHotkey.class)) {
      sb.append(first ? "" : ",").append(q(h.getAttributeValueString("hotkey")));
      first = false;
    }
    sb.append("],\"setups\":[");
    first = true;
    boolean choresDone = false;
    String choresJson = "[]";
    java.lang.reflect.Method next = VASSAL.build.module.turn.TurnTracker.class.getDeclaredMethod("next");
    java.lang.reflect.Method prev = VASSAL.build.module.turn.TurnTracker.class.getDeclaredMethod("prev");
    next.setAccessible(true);
    prev.setAccessible(true);
    for (PredefinedSetup setup : gm.getAllDescendantComponentsOf(PredefinedSetup.class)) {
      if (setup.isMenu() || !setup.isUseFile()) {
        continue;
      }
      String error = null;
      String start = "[]";
      List<String> steps = new ArrayList<>();
      String back = "[]";
      try (InputStream in = setup.getSavedGameContents()) {
        Command c = gm.getGameState().decodeSavedGame(in);
        c.execute();
        start = markerWhere();
        for (VASSAL.build.module.turn.TurnTracker tt :
             gm.getAllDescendantComponentsOf(VASSAL.build.module.turn.TurnTracker.class)) {
          if (tt.getComponentsOf(VASSAL.build.module.turn.TurnGlobalHotkey.class).isEmpty()) {
            continue;
          }
          List<VASSAL.build.module.turn.ListTurnLevel> levels =
            tt.getAllDescendantComponentsOf(VASSAL.build.module.turn.ListTurnLevel.class);
          int phases = levels.size() > 1 ? VASSAL.configure.StringArrayConfigurer.stringToArray(
            levels.get(levels.size() - 1).getAttributeValueString("list")).length : 1;
          for (int i = 0; i < phases; i++) {
            next.invoke(tt);
            steps.add(markerWhere());
          }
          prev.invoke(tt);
          back = markerWhere();
          break;
        }
        if (!choresDone) {
          choresJson = chores(gm);
          choresDone = true;
        }
      } catch (Exception e) {
        error = e.toString();
      }
      sb.append(first ? "" : ",").append("{\"name\":").append(q(setup.getConfigureName())).append(",\"error\":")
        .append(q(error)).append(",\"start\":").append(start).append(",\"steps\":[")
        .append(String.join(",", steps)).append("],\"back\":").append(back).append("}");
      first = false;
      try {
        gm.getGameState().setModified(false);
        gm.getGameState().setup(false);
      } catch (Exception e) {
        ERRORS.add("closing the setup failed: " + e);
      }
      placeBoards();
    }
    return sb.append("],\"chores\":").append(choresJson).append("}").toString();
  }

  /**
   * Presses every phase chore (module Global Key Command other than the track's) once: two copies of a counter its
   * filter matches (with a Face layer for a "front" chore, flipped to face 2 first) are put on the first map,
   * copy A selected and copy B not; reports each copy's state before and after, how many other pieces changed,
   * and the chat line.
   */
  static String chores(GameModule gm) throws ReflectiveOperationException {
    List<String> out = new ArrayList<>();
    Map main = Map.getMapList().get(0);
    Dimension edge = main.getEdgeBuffer();
    javax.swing.KeyStroke flipKey = javax.swing.KeyStroke.getKeyStroke(70, java.awt.event.InputEvent.CTRL_DOWN_MASK);
    for (VASSAL.build.module.GlobalKeyCommand g :
         gm.getAllDescendantComponentsOf(VASSAL.build.module.GlobalKeyCommand.class)) {
      String filter = g.getAttributeValueString("filter");
      if (filter.contains("mg_track")) {
        continue;
      }
      boolean front = !g.getAttributeValueString("hotkey").startsWith("68,");
      VASSAL.configure.PropertyExpression match =
        new VASSAL.configure.PropertyExpression(filter.replace("Selected==true && ", ""));
      GamePiece proto = null;
      for (PieceSlot slot : gm.getAllDescendantComponentsOf(PieceSlot.class)) {
        GamePiece p = PieceCloner.getInstance().clonePiece(slot.getPiece());
        if (match.accept(p) && (!front || !"null".equals(faceJson(p)))) {
          proto = slot.getPiece();
          break;
        }
      }
      if (proto == null) {
        out.add("{\"name\":" + q(g.getConfigureName()) + ",\"copies\":null}");
        continue;
      }
      VASSAL.counters.KeyBuffer.getBuffer().clear();
      GamePiece[] copies = new GamePiece[2];
      for (int k = 0; k < 2; k++) {
        GamePiece p = PieceCloner.getInstance().clonePiece(proto);
        p.setId(gm.getGameState().getNewPieceId());
        gm.getGameState().addPiece(p);
        main.placeAt(p, new Point(edge.width + 20 + 300 * k, edge.height + 20));
        takeOwnersSide(p);  // Restricted Access: the owning side presses the chore, as in play
        if (front) {
          p.keyEvent(flipKey);
        }
        copies[k] = p;
      }
      java.util.Map<GamePiece, String> others = new java.util.IdentityHashMap<>();
      for (GamePiece p : allPieces()) {
        if (p != copies[0] && p != copies[1]) {
          others.put(p, p.getState());
        }
      }
      VASSAL.counters.KeyBuffer.getBuffer().add(copies[0]);
      String[] before = {copyJson(copies[0]), copyJson(copies[1])};
      String chatBefore = chatText();
      g.apply();
      int changed = 0;
      for (java.util.Map.Entry<GamePiece, String> e : others.entrySet()) {
        if (e.getKey().getMap() == null || !e.getKey().getState().equals(e.getValue())) {
          changed++;
        }
      }
      out.add("{\"name\":" + q(g.getConfigureName()) + ",\"unit\":" + q(copies[0].getProperty("mg_unit"))
        + ",\"selected\":{\"before\":" + before[0] + ",\"after\":" + copyJson(copies[0]) + "}"
        + ",\"unselected\":{\"before\":" + before[1] + ",\"after\":" + copyJson(copies[1]) + "}"
        + ",\"others_changed\":" + changed + ",\"others\":" + others.size()
        + ",\"chat\":" + q(newText(chatBefore, chatText())) + "}");
      VASSAL.counters.KeyBuffer.getBuffer().clear();
    }
    return "[" + String.join(",", out) + "]";
  }

  static String copyJson(GamePiece p) {
    return "{\"on_map\":" + (p.getMap() != null) + ",\"face\":" + faceJson(p) + ",\"selected\":"
      + q(p.getProperty("Selected")) + "}";
  }

  /** Everything the chat window shows. */
  static String chatText() {
    StringBuilder sb = new StringBuilder();
    collectText(GameModule.getGameModule().getChatter(), sb);
    return sb.toString();
  }

  /** The last chat line written since ``before`` (null if nothing new). */
  static String newText(String before, String after) {
    if (after.equals(before)) {
      return null;
    }
    String[] lines = after.trim().split("\n");
    return lines[lines.length - 1].trim();
  }

  public static void main(String[] args) throws Exception {
    // Keep stdout for our JSON only: the engine's own chatter goes to stderr.
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
    System.setOut(System.err);
    LoggerContext ctx = (LoggerContext) LoggerFactory.getILoggerFactory();
    Recorder rec = new Recorder();
    rec.setContext(ctx);
    rec.start();
    ctx.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(rec);
    Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
      ERRORS.add("uncaught in " + t.getName() + ": " + e);
      e.printStackTrace();
    });

    startDialogCloser();
    VASSAL.Info.setConfig(new VASSAL.launch.StandardConfig());
    Class<?> mm = Class.forName("VASSAL.launch.Player$PlayerMenuManager");
    Constructor<?> ctor = mm.getDeclaredConstructor();
    ctor.setAccessible(true);
    ctor.newInstance();

    final Throwable[] failure = new Throwable[1];
    final java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
    final PrintStream body = new PrintStream(buf, true, "UTF-8");
    SwingUtilities.invokeAndWait(() -> {
      try {
        run(args[0], args[1], body);
      } catch (Throwable e) {
        failure[0] = e;
      }
    });
    // Let dialogs/log events queued during loading arrive before reporting.
    SwingUtilities.invokeAndWait(() -> { });
    if (failure[0] != null) {
      ERRORS.add("harness: " + failure[0]);
      java.io.StringWriter sw = new java.io.StringWriter();
      failure[0].printStackTrace(new java.io.PrintWriter(sw));
      System.err.println(sw);
    }
    List<String> errs;
    synchronized (ERRORS) {
      errs = new ArrayList<>(ERRORS);
    }
    List<String> quoted = new ArrayList<>();
    for (String e : errs) {
      quoted.add(q(e));
    }
    if (failure[0] != null) {
      out.print("{\"fatal\":" + q(failure[0].toString()));
    } else {
      body.flush();
      out.print(buf.toString("UTF-8"));
    }
    out.print(",\"errors\":[" + String.join(",", quoted) + "]}\n");
    out.flush();
    System.exit(0);
  }
}
