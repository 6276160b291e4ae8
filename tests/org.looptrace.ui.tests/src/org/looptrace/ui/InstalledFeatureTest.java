// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.core.runtime.Platform;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;

/** Runs inside a real workbench (under Xvfb): the LoopTrace bundles are installed and start. */
class InstalledFeatureTest {

	private static final List<String> LOOPTRACE_BUNDLES = List.of("org.looptrace.model", "org.looptrace.trace",
			"org.looptrace.nlr", "org.looptrace.merge", "org.looptrace.cli", LoopTraceUi.BUNDLE_ID);

	@Test
	void workbenchIsRunningWithAWindow() {
		assertTrue(PlatformUI.isWorkbenchRunning());
		assertNotNull(PlatformUI.getWorkbench().getActiveWorkbenchWindow(), "no workbench window");
	}

	@Test
	void everyLoopTraceBundleIsInstalledAndStarts() throws BundleException {
		for (String id : LOOPTRACE_BUNDLES) {
			Bundle bundle = Platform.getBundle(id);
			assertNotNull(bundle, id + " is not installed");
			bundle.start(Bundle.START_TRANSIENT);
			assertEquals(Bundle.ACTIVE, bundle.getState(), id + " did not start");
		}
	}

	@Test
	void theLoopTraceProductIsContributed() {
		assertNotNull(Platform.getExtensionRegistry().getExtension("org.eclipse.core.runtime.products", LoopTraceUi.PRODUCT_ID),
				"product " + LoopTraceUi.PRODUCT_ID + " is not in the extension registry");
	}
}
