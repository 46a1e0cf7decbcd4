// Stand-in for the NetBeans wizard library: the base class of VASSAL's WizardSupport.BranchingWizard.
package org.netbeans.spi.wizard;

import java.util.Map;

public abstract class WizardBranchController {
  protected WizardBranchController(WizardPanelProvider base) {
  }

  public Wizard createWizard() {
    return new Wizard();
  }

  protected Wizard getWizardForStep(String step, Map settings) {
    return null;
  }

  protected WizardPanelProvider getPanelProviderForStep(String step, Map settings) {
    return null;
  }
}
