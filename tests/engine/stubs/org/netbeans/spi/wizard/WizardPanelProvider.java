// Stand-in for the NetBeans wizard library: the constructors and hooks VASSAL's WizardSupport subclasses use.
package org.netbeans.spi.wizard;

import java.util.Map;
import javax.swing.JComponent;

public abstract class WizardPanelProvider {
  protected WizardPanelProvider(String title, String[] steps, String[] descriptions) {
  }

  protected WizardPanelProvider(String[] steps, String[] descriptions) {
  }

  protected WizardPanelProvider(String title, String step, String description) {
  }

  protected abstract JComponent createPanel(WizardController controller, String id, Map settings);

  protected Object finish(Map settings) throws WizardException {
    return settings;
  }

  protected final int indexOfStep(String id) {
    return -1;
  }

  public Wizard createWizard() {
    return new Wizard();
  }
}
