// Stand-in for the NetBeans wizard library: the harness never shows the start-up wizard.
package org.netbeans.api.wizard;

import java.awt.Rectangle;
import java.util.Map;
import javax.swing.Action;
import org.netbeans.spi.wizard.Wizard;

public final class WizardDisplayer {
  private WizardDisplayer() {
  }

  public static Object showWizard(Wizard wizard, Rectangle rect) {
    return null;
  }

  public static Object showWizard(Wizard wizard, Rectangle rect, Action help, Map initialProperties) {
    return null;
  }
}
