// Makes the real VASSAL engine write a game log (.vlog) of a modgen module, so the reader can be checked against
// what VASSAL itself writes. Loads MODULE.vmod, runs the predefined setup SETUP (its .vsav entry name), starts
// VASSAL's own BasicLogger (the fields its "Begin logfile" action sets, without the file chooser), then acts as a
// player would, each action going through GameModule.sendAndLog as VASSAL's UI does: the unit whose Marker
// mg_unit = UNIT is dropped at board point (X, Y) (Map.placeOrMerge, as PieceMover does), its Face layer is set to
// level 2 (when it has one), a chat line CHAT is typed (Chatter.formatChat + send), the module's first DiceButton
// rolls (DiceButton.DR), then the unit is dropped at (X2, Y2) and that drop is undone (BasicLogger.undo).
// BasicLogger.write() then writes OUT, a real .vlog (zip, obfuscated savedGame, savedata, moduledata). Prints JSON:
// VASSAL's location names of the start and drop points, whether it flipped, and engine errors.
//
// Usage: java -cp CLASSPATH modgen.logs.LogHarness MODULE.vmod SETUP.vsav UNIT X Y CHAT X2 Y2 OUT
package modgen.logs;

import static modgen.harness.HarnessSupport.*;

import java.awt.Dimension;
import java.awt.Point;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.swing.SwingUtilities;
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.DiceButton;
import VASSAL.build.module.Map;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.command.ChangeTracker;
import VASSAL.counters.Decorator;
import VASSAL.counters.Embellishment;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;
import VASSAL.tools.DataArchive;

public final class LogHarness {

  private LogHarness() {
  }

  static Embellishment faceLayer(GamePiece p) {
    GamePiece cur = p;
    while (cur instanceof Decorator) {
      if (cur instanceof Embellishment && "Face".equals(((Embellishment) cur).getLayerName())) {
        return (Embellishment) cur;
      }
      cur = ((Decorator) cur).getInner();
    }
    return null;
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
    GamePiece p = findUnit(a[2]);
    if (p == null) {
      throw new IllegalArgumentException("no piece with mg_unit " + a[2]);
    }
    Map map = p.getMap();
    String fromLabel = map.locationName(p.getPosition());
    BasicLogger logger = (BasicLogger) gm.getLogger();
    set(logger, "outputFile", new java.io.File(a[8]));
    ((List<?>) get(logger, "logOutput")).clear();
    set(logger, "beginningState", gm.getGameState().getRestoreCommand());
    set(logger, "metadata", new VASSAL.build.module.metadata.SaveMetaData());

    Dimension edge = map.getEdgeBuffer();
    // What PieceMover does for a drop on an empty spot: Map.placeOrMerge gives the MovePiece + the new Stack.
    gm.sendAndLog(map.placeOrMerge(p, new Point(Integer.parseInt(a[3]) + edge.width,
                                                Integer.parseInt(a[4]) + edge.height)));
    String toLabel = map.locationName(p.getPosition());

    boolean flipped = false;
    Embellishment face = faceLayer(p);
    if (face != null) {
      ChangeTracker ct = new ChangeTracker(Decorator.getOutermost(p));
      face.setValue(2);
      gm.sendAndLog(ct.getChangeCommand());
      flipped = true;
    }
    Chatter chatter = gm.getChatter();
    Method fmt = Chatter.class.getDeclaredMethod("formatChat", String.class);
    fmt.setAccessible(true);
    chatter.send((String) fmt.invoke(chatter, a[5]));
    for (DiceButton d : gm.getAllDescendantComponentsOf(DiceButton.class)) {
      Method dr = DiceButton.class.getDeclaredMethod("DR");
      dr.setAccessible(true);
      dr.invoke(d);
      break;
    }
    gm.sendAndLog(map.placeOrMerge(p, new Point(Integer.parseInt(a[6]) + edge.width,
                                                Integer.parseInt(a[7]) + edge.height)));
    Method undo = BasicLogger.class.getDeclaredMethod("undo");
    undo.setAccessible(true);
    undo.invoke(logger);
    logger.write();
    out.print("{\"from_label\":" + q(fromLabel) + ",\"to_label\":" + q(toLabel) + ",\"flipped\":" + flipped);
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
