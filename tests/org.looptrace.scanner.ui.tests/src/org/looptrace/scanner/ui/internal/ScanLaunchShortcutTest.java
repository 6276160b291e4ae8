// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.looptrace.scanner.ui.ScannerUi;
import org.looptrace.ui.ModelViews.ModelFile;

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
	void createsAConfigurationOfTheModelOnceThenReusesIt() throws Exception {
		ILaunchConfiguration created = ScanLaunchShortcut.findOrCreate(ModelFile.of(project.model));
		assertEquals(project.model.getFullPath().toString(), created.getAttribute(ScannerUi.ATTR_MODEL, ""));
		assertEquals(ScannerUi.MODE_SCAN, created.getAttribute(ScannerUi.ATTR_MODE, ""));
		assertArrayEquals(new IResource[] { project.model }, created.getMappedResources());
		assertEquals(created, ScanLaunchShortcut.findOrCreate(ModelFile.of(project.model)));
		assertEquals(1, all().length);
	}

	@Test
	void findsTheConfigurationsOfASelectedModelOnly() throws Exception {
		ScanLaunchShortcut shortcut = new ScanLaunchShortcut();
		IFile other = project.project.getFile("other.loops");
		other.create(ScanProject.text(1, 1).getBytes(StandardCharsets.UTF_8), IResource.NONE, null);
		ILaunchConfiguration mine = ScanLaunchShortcut.findOrCreate(ModelFile.of(project.model));
		ScanLaunchShortcut.findOrCreate(ModelFile.of(other));
		assertArrayEquals(new ILaunchConfiguration[] { mine }, shortcut.getLaunchConfigurations(new StructuredSelection(project.model)));
		assertEquals(project.model, shortcut.getLaunchableResource(new StructuredSelection(project.model)));
		assertNull(shortcut.getLaunchableResource(new StructuredSelection(project.traces.getFile("data.0"))));
	}

	@Test
	void runAsIsOfferedOnModelsOnly() throws PartInitException {
		List<String> model = contextMenu(project.model);
		assertEquals(1, Collections.frequency(model, "Run As"), () -> "the menu of a model: " + model);
		List<String> data = contextMenu(project.traces.getFile("data.0"));
		assertFalse(data.contains("Run As"), () -> "the menu of a data trace: " + data);
		List<String> folder = contextMenu(project.traces);
		assertFalse(folder.contains("Run As"), () -> "the menu of a folder: " + folder);
	}

	/** The model's editor has one Run As too: the platform's, which offers the LoopTrace launches. */
	@Test
	void theEditorOfAModelOffersRunAsOnce() throws PartInitException {
		IEditorPart editor = IDE.openEditor(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage(), project.model);
		try {
			List<String> labels = labels(editor.getAdapter(Control.class).getMenu());
			assertEquals(1, Collections.frequency(labels, "Run As"), () -> "the menu of the model's editor: " + labels);
		} finally {
			editor.getSite().getPage().closeEditor(editor, false);
		}
	}

	/** The labels of the Project Explorer's context menu on a resource, as the menu shows them when opened. */
	private static List<String> contextMenu(IResource resource) throws PartInitException {
		IViewPart explorer = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage()
				.showView(IPageLayout.ID_PROJECT_EXPLORER);
		((ISetSelectionTarget) explorer).selectReveal(new StructuredSelection(resource));
		return labels(((Viewer) explorer.getSite().getSelectionProvider()).getControl().getMenu());
	}

	/** The labels of a context menu, as it shows them when opened. */
	private static List<String> labels(Menu menu) {
		menu.notifyListeners(SWT.Show, new Event());
		try {
			return Arrays.stream(menu.getItems()).map(item -> item.getText().replace("&", "")).toList();
		} finally {
			menu.notifyListeners(SWT.Hide, new Event());
		}
	}

	private static ILaunchConfiguration[] all() throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		return manager.getLaunchConfigurations(manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE));
	}
}
