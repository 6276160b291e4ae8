// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Platform;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.actions.ILaunchable;
import org.eclipse.jface.viewers.StructuredSelection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.looptrace.scanner.ui.ScannerUi;

/** "Run As > LoopTrace Scanner": one configuration per model, created once, then reused. */
class ScanLaunchShortcutTest {

	private final ScanProject project;

	ScanLaunchShortcutTest() throws Exception {
		project = ScanProject.create("shortcut", 1, 1, 1);
	}

	@AfterEach
	void delete() throws CoreException {
		project.delete();
		for (ILaunchConfiguration configuration : all()) {
			configuration.delete();
		}
	}

	@Test
	void createsAConfigurationOfTheModelOnceThenReusesIt() throws CoreException {
		ILaunchConfiguration created = ScanLaunchShortcut.findOrCreate(project.model);
		assertEquals(project.model.getFullPath().toString(), created.getAttribute(ScannerUi.ATTR_MODEL, ""));
		assertEquals(ScannerUi.MODE_SCAN, created.getAttribute(ScannerUi.ATTR_MODE, ""));
		assertArrayEquals(new IResource[] { project.model }, created.getMappedResources());
		assertEquals(created, ScanLaunchShortcut.findOrCreate(project.model));
		assertEquals(1, all().length);
	}

	@Test
	void findsTheConfigurationsOfASelectedModelOnly() throws CoreException {
		ScanLaunchShortcut shortcut = new ScanLaunchShortcut();
		IFile other = project.project.getFile("other.loops");
		other.create(ScanProject.text(1, 1).getBytes(StandardCharsets.UTF_8), IResource.NONE, null);
		ILaunchConfiguration mine = ScanLaunchShortcut.findOrCreate(project.model);
		ScanLaunchShortcut.findOrCreate(other);
		assertArrayEquals(new ILaunchConfiguration[] { mine }, shortcut.getLaunchConfigurations(new StructuredSelection(project.model)));
		assertEquals(project.model, shortcut.getLaunchableResource(new StructuredSelection(project.model)));
		assertNull(shortcut.getLaunchableResource(new StructuredSelection(project.traces.getFile("data.0"))));
	}

	@Test
	void runAsIsOfferedOnAModelFile() {
		// the test of the platform's contextual launch menu (org.eclipse.debug.core.launchable)
		assertTrue(Platform.getAdapterManager().hasAdapter(project.model, ILaunchable.class.getName()));
	}

	private static ILaunchConfiguration[] all() throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		return manager.getLaunchConfigurations(manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE));
	}
}
